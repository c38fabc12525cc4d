"""Helpers for tests/test_hub.py: a real JupyterHub on loopback, real Unix users, one nbgrader class.

What it builds, all under one temporary folder (``/tmp/jaxcourse-hub-*``, removed afterwards):

- ``venv/``: the environment every user's server and kernel runs in (see :func:`build_user_venv`);
- ``python/``: when other users cannot run the course virtualenv's Python, the copy of it that
  ``make hub-env`` made (``.venv/hub-python``), hard-linked here, that ``venv/`` is built on;
- ``home/<user>``: each user's home (``useradd``), mode 0700;
- ``exchange/``: nbgrader's exchange (mode 1777); ``exchange/<course>`` is made by the instructor;
- ``tmp/``: the users' ``TMPDIR`` (1777), so nothing they run leaves files in ``/tmp``;
- ``hub/``: the hub's database, cookie secret and config (root only).

The hub (``jupyterhub`` from the course virtualenv, as root) uses the default LocalProcessSpawner,
the ``shared-password`` authenticator and ``configurable-http-proxy`` from npm (``make hub-env``
installs it into ``.venv/hub-proxy``); every port is on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PREFIX = Path(sys.prefix)
PROXY = PREFIX / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"  # make hub-env
HUB_PYTHON = PREFIX / "hub-python"  # make hub-env, when other users cannot run this virtualenv's Python
ARTIFACTS = ROOT / "artifacts" / "hub"  # git-ignored: the hub's log (with every server's) and screenshots
COURSE_ID = "jax-course"
SERVICE = "course-test"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_as(user: str, *cmd: str, cwd: str = "/", timeout: float = 60) -> subprocess.CompletedProcess:
    """``cmd`` as the Unix user ``user`` (runuser, no password), with its own HOME."""
    return subprocess.run(["runuser", "-u", user, "--", "env", f"HOME={pwd.getpwnam(user).pw_dir}", "LC_ALL=C", *cmd],
                          cwd=cwd, capture_output=True, text=True, timeout=timeout)


def runs_as_nobody(python: Path | str) -> bool:
    """Whether another user can start ``python`` (with its standard library)."""
    try:
        proc = run_as("nobody", str(python), "-I", "-c", "import encodings, venv", timeout=30)
    except (OSError, subprocess.TimeoutExpired, KeyError):
        return False
    return proc.returncode == 0


def source_venv() -> tuple[Path | None, Path | None, str]:
    """(virtualenv whose packages the users get, Python install to build theirs on, why not).

    This virtualenv's packages, always. Its interpreter when every user can run it (interpreter
    None: the users' virtualenv is built on it in place). Otherwise ``.venv/hub-python``
    (``make hub-env``): a copy of this virtualenv's own base Python, the same build, whose
    ``bin/python3.X`` finds ``libpython`` from its own location (RUNPATH ``$ORIGIN/../lib``, set
    with patchelf). Why a copy: the course virtualenv is built from root's pyenv Python 3.12
    (/root/.pyenv/versions/3.12.1; Debian 12 ships only python3.11), which lives under root's 0700
    home, and pyenv links it with ``--enable-shared`` and RUNPATH /root/.pyenv/versions/3.12.1/lib,
    so no other user can even start it, nor a copy of it left unpatched. The same build means
    this virtualenv's packages (compiled for it) are shared as they are: nothing is reinstalled.
    """
    if runs_as_nobody(PREFIX / "bin" / "python"):
        return PREFIX, None, ""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    exe = HUB_PYTHON / "bin" / f"python{version}"
    if not exe.exists():
        return None, None, (f"other users cannot run {PREFIX / 'bin' / 'python'} (a Python under root's 0700 home) "
                            f"and {HUB_PYTHON}, a copy they can run, is missing (make hub-env)")
    stamp = (HUB_PYTHON / ".source").read_text().split() if (HUB_PYTHON / ".source").exists() else []
    base = Path(sys.base_prefix) / "bin" / f"python{version}"
    if not stamp or Path(stamp[0]).resolve() != base.resolve():
        return None, None, f"{HUB_PYTHON} was copied from another Python than {base} (make hub-env)"
    return PREFIX, HUB_PYTHON, ""


def missing() -> str | None:
    """Why the hub test cannot run here, or None."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "needs root: it creates Unix users and the hub spawns servers as them"
    for tool in ("useradd", "userdel", "runuser", "node"):
        if not shutil.which(tool):
            return f"{tool} is not installed" + (" (scripts/system-deps.sh installs nodejs)" if tool == "node" else "")
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        return "jupyterhub is not installed (pip install -r requirements.txt)"
    if not PROXY.exists():
        return f"configurable-http-proxy is not installed in {PROXY.parents[2]} (make hub-env)"
    return source_venv()[2] or None


def _link_tree(src: Path, dest: Path) -> None:
    """Copy a tree as hard links (same files, no bytes copied); a real copy across file systems."""
    dest.mkdir(parents=True, exist_ok=True)
    if subprocess.run(["cp", "-al", f"{src}/.", str(dest)], capture_output=True).returncode:
        subprocess.run(["cp", "-a", f"{src}/.", str(dest)], check=True)


def write_new(path: Path, text: str) -> None:
    """Write ``path`` as a new file (never through a hard link into another virtualenv)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    path.write_text(text)


def build_user_venv(dest: Path, source: Path, grader_group: str, interpreter: Path | None = None) -> Path:
    """A virtualenv at ``dest`` (where every user can read it) with ``source``'s packages.

    Its interpreter is ``source``'s, or, given ``interpreter`` (a Python install every user can
    run, see :func:`source_venv`), that install hard-linked next to ``dest`` (``dest.parent /
    "python"``: the checkout may sit in a folder only root can enter) and the virtualenv built on it.

    ``source``'s site-packages, ``share/`` and ``etc/`` are hard-linked in (under a second: the
    same files), console scripts get the new interpreter in their ``#!`` line and the course
    kernelspec runs the new ``python``. The course package is copied in from this checkout, fresh,
    instead of the checkout's editable install, so nothing the users run reads the checkout (which
    holds solutions/): ``jaxcourse`` for everyone, ``coursetools`` (the grader, which holds
    reference answers) readable only by ``grader_group``. The result is self-contained, so
    the grading sandbox, which binds only the interpreter's own prefixes, works in it. Files it
    changes are replaced, never written through the hard links.
    """
    if interpreter is None:
        python = os.path.realpath(source / "bin" / "python")
    else:
        _link_tree(interpreter, dest.parent / "python")
        python = str(dest.parent / "python" / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}")
        if not runs_as_nobody(python):
            raise RuntimeError(f"other users cannot run {python}, the copy of {interpreter} (make hub-env)")
    subprocess.run([python, "-m", "venv", "--without-pip", str(dest)], check=True, capture_output=True)
    lib = f"lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
    site = dest / lib
    _link_tree(source / lib, site)
    for name in ("share", "etc"):
        if (source / name).is_dir():
            _link_tree(source / name, dest / name)
    for path in site.glob("__editable__*jaxcourse*"):
        path.unlink()
    for package in ("jaxcourse", "coursetools"):
        shutil.copytree(ROOT / package, site / package, ignore=shutil.ignore_patterns("__pycache__"))
    for path in [site / "coursetools", *(site / "coursetools").rglob("*")]:
        shutil.chown(path, "root", grader_group)
        path.chmod(0o750 if path.is_dir() else 0o640)
    ours = str(source / "bin") + "/"
    for script in sorted((source / "bin").iterdir()):
        target = dest / "bin" / script.name
        if target.exists() or script.is_symlink() or not script.is_file():
            continue
        with open(script, "rb") as fh:
            first = fh.readline()
        if not first.startswith(f"#!{ours}python".encode()):
            continue
        body = script.read_bytes()[len(first):]
        target.write_bytes(f"#!{dest / 'bin' / 'python'}\n".encode() + body)
        target.chmod(0o755)
    for spec in (dest / "share" / "jupyter" / "kernels").glob("*/kernel.json"):
        data = json.loads(spec.read_text())
        if data.get("argv") and str(data["argv"][0]).startswith(ours):
            data["argv"][0] = str(dest / "bin" / "python")
            spec.unlink()  # a hard link to the source virtualenv's file: replace it
            spec.write_text(json.dumps(data, indent=1))
    return dest


def add_user(name: str, home: Path) -> None:
    subprocess.run(["useradd", "--create-home", "--home-dir", str(home), "--shell", "/bin/bash", "--user-group",
                    name], check=True, capture_output=True, text=True)
    home.chmod(0o700)  # Debian's useradd makes homes 0755


def remove_user(name: str) -> None:
    subprocess.run(["userdel", "--remove", name], capture_output=True, text=True)


def processes_of(uids: set[int], markers: tuple[str, ...] = ()) -> list[tuple[int, int, str]]:
    """(pid, uid, command line) of every process owned by one of ``uids`` or whose command line
    holds one of ``markers``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            uid = entry.stat().st_uid
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        if uid in uids or (cmdline and any(m in cmdline for m in markers)):
            found.append((int(entry.name), uid, cmdline))
    return found


class HTTPResult:
    def __init__(self, status: int, text: str):
        self.status = status
        self.text = text

    def json(self):
        return json.loads(self.text) if self.text else None

    def __repr__(self) -> str:
        return f"HTTP {self.status}: {self.text[:500]}"


def http(method: str, url: str, token: str | None = None, body: dict | None = None,
         timeout: float = 120) -> HTTPResult:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"token {token}"
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return HTTPResult(resp.status, resp.read().decode())
    except urllib.error.HTTPError as err:
        return HTTPResult(err.code, err.read().decode(errors="replace"))


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Hub:
    """JupyterHub as root on 127.0.0.1, its proxy, and one single-user server per user."""

    def __init__(self, base: Path, venv: Path, users: list[str], env: dict[str, str], log_path: Path):
        self.base = base
        self.state = base / "hub"
        self.venv = venv
        self.users = list(users)
        self.log_path = log_path
        self.port, self.hub_port, self.api_port = free_port(), free_port(), free_port()
        self.user_ports = {u: free_port() for u in users}  # fixed per user (the pre-spawn hook)
        self.url = f"http://127.0.0.1:{self.port}"
        self.service_token = secrets.token_hex(32)
        self.password = secrets.token_urlsafe(18)
        self.tokens: dict[str, str] = {}
        self.env = {k: v for k, v in env.items() if k not in ("PYTHONPATH", "JUPYTER_PATH", "JUPYTER_CONFIG_DIR")}
        self.proc: subprocess.Popen | None = None
        self._log = None

    # -- configuration ------------------------------------------------------------------------------
    def user_environment(self) -> dict[str, str]:
        """What every single-user server (and its terminals and kernels) gets."""
        return {
            "PATH": f"{self.venv / 'bin'}:/usr/local/bin:/usr/bin:/bin",
            "VIRTUAL_ENV": str(self.venv),
            "JAX_PLATFORMS": "cpu",
            "TMPDIR": str(self.base / "tmp"),
            "LANG": "C.UTF-8",
        }

    def write_config(self) -> Path:
        self.state.mkdir(mode=0o700, exist_ok=True)
        lines = [
            "c = get_config()  # noqa: F821",
            f"c.JupyterHub.bind_url = {self.url!r}",
            f"c.JupyterHub.hub_bind_url = {f'http://127.0.0.1:{self.hub_port}'!r}",
            f"c.ConfigurableHTTPProxy.api_url = {f'http://127.0.0.1:{self.api_port}'!r}",
            f"c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]",
            f"c.ConfigurableHTTPProxy.auth_token = {secrets.token_hex(32)!r}",
            f"c.ConfigurableHTTPProxy.pid_file = {str(self.state / 'proxy.pid')!r}",
            f"c.JupyterHub.pid_file = {str(self.state / 'jupyterhub.pid')!r}",
            f"c.JupyterHub.db_url = {f'sqlite:///{self.state}/jupyterhub.sqlite'!r}",
            f"c.JupyterHub.cookie_secret_file = {str(self.state / 'cookie_secret')!r}",
            "c.JupyterHub.authenticator_class = 'shared-password'",
            f"c.SharedPasswordAuthenticator.user_password = {self.password!r}",
            f"c.Authenticator.allowed_users = set({sorted(self.users)!r})",
            # The test's REST client: a service whose token may manage users, servers and tokens.
            f"c.JupyterHub.services = [{{'name': {SERVICE!r}, 'api_token': {self.service_token!r}}}]",
            f"c.JupyterHub.load_roles = [{{'name': {SERVICE!r}, 'services': [{SERVICE!r}], 'scopes': "
            "['admin:users', 'admin:servers', 'access:servers', 'tokens']}]",
            f"c.Spawner.cmd = [{str(self.venv / 'bin' / 'jupyterhub-singleuser')!r}]",
            # Kernels talk over Unix sockets in the user's private runtime folder, not loopback TCP.
            "c.Spawner.args = ['--KernelManager.transport=ipc']",
            "c.Spawner.default_url = '/lab'",
            f"c.Spawner.environment = {self.user_environment()!r}",
            "c.Spawner.start_timeout = 180",
            "c.Spawner.http_timeout = 180",
            f"PORTS = {self.user_ports!r}",
            "def _fixed_port(spawner):",
            "    spawner.port = PORTS[spawner.user.name]",
            "c.Spawner.pre_spawn_hook = _fixed_port",
            # POST /users/<name>/server answers at once (202) instead of waiting up to 10 s for the
            # server: the test starts every server together, then waits for them.
            "c.JupyterHub.tornado_settings = {'slow_spawn_timeout': 0}",
            "c.JupyterHub.cleanup_servers = True",
            "c.JupyterHub.cleanup_proxy = True",
        ]
        path = self.state / "jupyterhub_config.py"
        path.write_text("\n".join(lines) + "\n")
        path.chmod(0o600)
        return path

    # -- lifecycle ----------------------------------------------------------------------------------
    def start(self, timeout: float = 120) -> None:
        config = self.write_config()
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "w")  # noqa: SIM115 (closed in stop())
        self.proc = subprocess.Popen([str(BIN / "jupyterhub"), "-f", str(config)], cwd=self.state, env=self.env,
                                     stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyterhub exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                if http("GET", f"{self.url}/hub/api/", timeout=2).status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"jupyterhub did not answer within {timeout} s:\n{self.log_tail()}")

    def stop(self, timeout: float = 60) -> None:
        """SIGTERM: the hub stops every single-user server and the proxy it started, then exits."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=15)
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_tail(self, chars: int = 6000) -> str:
        try:
            return self.log_path.read_text()[-chars:]
        except OSError:
            return ""

    # -- REST ---------------------------------------------------------------------------------------
    def api(self, method: str, path: str, body: dict | None = None) -> HTTPResult:
        """The hub's REST API with the test service's (admin) token."""
        return http(method, f"{self.url}/hub/api{path}", self.service_token, body)

    def spawn(self, users: list[str], timeout: float = 180) -> None:
        """Start the users' servers (at once) and wait until every one is ready."""
        for user in users:
            r = self.api("POST", f"/users/{user}/server")
            assert r.status in (201, 202), f"spawning {user}: {r}\n{self.log_tail()}"
        deadline = time.monotonic() + timeout
        waiting = list(users)
        while waiting:
            waiting = [u for u in waiting if not (self.api("GET", f"/users/{u}").json() or {})
                       .get("servers", {}).get("", {}).get("ready")]
            if waiting and time.monotonic() > deadline:
                raise RuntimeError(f"servers of {waiting} not ready after {timeout} s:\n{self.log_tail()}")
            if waiting:
                time.sleep(0.3)

    def token_for(self, user: str) -> str:
        """A token of ``user``'s own (the user's identity, nothing more)."""
        if user not in self.tokens:
            r = self.api("POST", f"/users/{user}/tokens", {"note": "test_hub", "expires_in": 3600})
            assert r.status in (200, 201), f"token for {user}: {r}"
            self.tokens[user] = r.json()["token"]
        return self.tokens[user]

    def server(self, user: str, method: str, path: str, body: dict | None = None,
               as_user: str | None = None, timeout: float = 600) -> HTTPResult:
        """``user``'s single-user server, through the hub's proxy, with ``as_user``'s token (default:
        the owner's). Redirects are not followed: a refused request shows as what it is."""
        token = self.token_for(as_user or user)
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"{self.url}/user/{user}{path}", data=data, method=method,
                                     headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
        opener = urllib.request.build_opener(_NoRedirect)
        try:
            with opener.open(req, timeout=timeout) as resp:
                return HTTPResult(resp.status, resp.read().decode())
        except urllib.error.HTTPError as err:
            return HTTPResult(err.code, err.read().decode(errors="replace"))

    def terminal(self, user: str, command: str, timeout: float = 600) -> tuple[int, str]:
        """Run ``command`` in a new terminal of ``user``'s server (what the user types in JupyterLab's
        terminal); return its exit status and the terminal's output."""
        import websocket  # websocket-client, a dependency of jupyter_server

        r = self.server(user, "POST", "/api/terminals", {})
        assert r.status == 200, f"new terminal for {user}: {r}"
        name = r.json()["name"]
        ws = websocket.create_connection(
            f"ws://127.0.0.1:{self.port}/user/{user}/terminals/websocket/{name}",
            header=[f"Authorization: token {self.token_for(user)}"], timeout=timeout)
        marker = secrets.token_hex(4)
        out = []
        try:
            ws.send(json.dumps(["stdin", f"{command}; echo \"done-{marker}=$?\"\r"]))
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                msg = json.loads(ws.recv())
                if msg[0] == "stdout":
                    out.append(msg[1])
                    found = re.search(rf"done-{marker}=(\d+)", "".join(out))
                    if found:
                        return int(found.group(1)), "".join(out)
                elif msg[0] == "disconnect":
                    break
            raise RuntimeError(f"the terminal command did not finish:\n{''.join(out)[-4000:]}")
        finally:
            ws.close()
            self.server(user, "DELETE", f"/api/terminals/{name}")


class Classroom:
    """Unix users, their homes, the exchange, the users' virtualenv and the hub; removed on exit.

    On exit everything is stopped and removed; processes of the test users (or of this hub) still
    alive after the hub stopped are recorded in ``leftovers`` (then killed by pid, so the users can
    be removed) for the test to assert on.
    """

    def __init__(self, instructor: str, students: list[str]):
        suffix = secrets.token_hex(2)
        self.instructor = f"{instructor}-{suffix}"
        self.students = [f"{s}-{suffix}" for s in students]
        self.users = [self.instructor, *self.students]
        self.base: Path | None = None
        self.hub: Hub | None = None
        self.created: list[str] = []
        self.leftovers: list[tuple[int, int, str]] = []
        self.timings: dict[str, float] = {}

    # paths
    def home(self, user: str) -> Path:
        return self.base / "home" / user

    @property
    def course(self) -> Path:
        return self.home(self.instructor) / COURSE_ID

    @property
    def exchange(self) -> Path:
        return self.base / "exchange"

    def __enter__(self) -> Classroom:
        started = time.perf_counter()
        self.base = Path(tempfile.mkdtemp(prefix="jaxcourse-hub-", dir="/tmp"))
        try:
            self._setup()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        self.timings["setup"] = time.perf_counter() - started
        return self

    def _setup(self) -> None:
        self.base.chmod(0o711)  # users may pass through to their homes, the exchange and the venv
        (self.base / "home").mkdir(mode=0o711)
        for name, mode in (("exchange", 0o1777), ("tmp", 0o1777)):
            (self.base / name).mkdir()
            (self.base / name).chmod(mode)  # mkdir's mode is masked by the umask
        for user in self.users:
            add_user(user, self.home(user))
            self.created.append(user)
        t = time.perf_counter()
        source, interpreter, why = source_venv()
        assert source is not None, why
        venv = build_user_venv(self.base / "venv", source, grader_group=self.instructor, interpreter=interpreter)
        self.timings["venv"] = time.perf_counter() - t
        # The image-wide settings every user's server reads: the course and its exchange; no
        # news or update checks in JupyterLab (nothing leaves the machine); terminals run a
        # non-login bash, which keeps the virtualenv first on PATH (Debian's /etc/profile resets it).
        write_new(venv / "etc" / "jupyter" / "nbgrader_config.py",
                  f"c = get_config()  # noqa: F821\nc.CourseDirectory.course_id = {COURSE_ID!r}\n"
                  f"c.Exchange.root = {str(self.exchange)!r}\n"
                  # Validate reports a failed test cell starting with its sentence (jaxcourse.checking).
                  "from jaxcourse.checking import validate_leads_with_the_sentence\n"
                  "validate_leads_with_the_sentence()\n")
        write_new(venv / "etc" / "jupyter" / "jupyter_server_config.py",
                  "c = get_config()  # noqa: F821\nc.LabApp.news_url = None\n"
                  "c.LabApp.check_for_updates_class = 'jupyterlab.handlers.announcements.NeverCheckForUpdate'\n"
                  "c.ServerApp.terminado_settings = {'shell_command': ['/bin/bash']}\n")

    def setup_course(self, copy_course) -> None:
        """The instructor's private course (in their 0700 home), their nbgrader config, and
        ``exchange/<course>`` made by the instructor before any student can touch it."""
        copy_course(self.course)
        config = self.home(self.instructor) / ".jupyter" / "nbgrader_config.py"
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(
            "c = get_config()  # noqa: F821\n"
            f"load_subconfig('nbgrader_config.py', {str(self.course)!r})  # noqa: F821\n"
            f"c.CourseDirectory.root = {str(self.course)!r}\n"
            f"c.CourseDirectory.db_url = {f'sqlite:///{self.course}/gradebook.db'!r}\n")
        subprocess.run(["chown", "-R", f"{self.instructor}:{self.instructor}", str(self.home(self.instructor))],
                       check=True)
        proc = run_as(self.instructor, "mkdir", "-m", "0755", str(self.exchange / COURSE_ID))
        assert proc.returncode == 0, proc.stderr

    def start_hub(self, env: dict[str, str], log_path: Path) -> Hub:
        t = time.perf_counter()
        self.hub = Hub(self.base, self.base / "venv", self.users, env, log_path)
        self.hub.start()
        self.timings["hub start"] = time.perf_counter() - t
        t = time.perf_counter()
        self.hub.spawn(self.users)
        self.timings["servers start"] = time.perf_counter() - t
        return self.hub

    def __exit__(self, *exc) -> None:
        uids = set()
        for user in self.created:
            try:
                uids.add(pwd.getpwnam(user).pw_uid)
            except KeyError:
                pass
        if self.hub is not None:
            self.hub.stop()
        markers = (str(self.base),) if self.base else ()
        if self.hub is not None:
            markers += (f"--api-port {self.hub.api_port}",)  # the proxy
        deadline = time.monotonic() + 15  # processes that are exiting get a moment
        while (found := processes_of(uids, markers)) and time.monotonic() < deadline:
            time.sleep(0.3)
        self.leftovers = found
        for pid, _, _ in found:  # what is left would keep userdel from working
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for user in self.created:
            remove_user(user)
        if self.base is not None:
            shutil.rmtree(self.base, ignore_errors=True)
