"""Run each submission's kernel in a bubblewrap sandbox while autograding.

A student's notebook is code that autograding runs on the grading machine. With this module each
notebook's kernel runs inside `bubblewrap <https://github.com/containers/bubblewrap>`_ (Debian
package ``bubblewrap``) as an unprivileged user (``nobody`` when the grader is root):

- its file system holds only ``/usr``, a few harmless files of ``/etc``, the virtualenv, the
  Python installation it was made from and the ``jaxcourse`` package (all read-only), and three
  folders of its own: a copy of
  the submission folder (read-write, the working directory), ``/tmp`` (read-write, also ``HOME``)
  and the folder of its ZeroMQ sockets. The course (source/, solutions/, the gradebook, other
  submissions), the grader's home and the rest of the machine are not there;
- no network (the kernel talks to the grader over Unix sockets), its own process, IPC, UTS and
  cgroup namespaces, no capabilities, no new privileges, no nested user namespaces, a clean
  environment (no ``NBGRADER_DB_URL``);
- ``python -I``: neither the working directory, user site-packages nor ``PYTHON*`` variables are
  on the module path, so a ``numpy.py`` next to the notebook does not shadow ``numpy``.

Wiring: every autograde with this course's configuration passes ``execute.TrustedExecute``
(``nbgrader_config.py``), which starts each kernel through :func:`kernel_manager`: the kernelspec
``jax-course-sandbox`` from the grading process's private folder (:func:`process_workdir`), whatever
kernelspec the submitted notebook names, over the ``ipc`` transport. So ``nbgrader autograde``, the
Formgrader's Autograde button, the grading command and any direct call of nbgrader's autograde all
run student code here. The kernelspec runs ``python -m coursetools.grading.sandbox --workdir DIR
{connection_file}``: this launcher, as the grader's user, copies the submission folder (nbgrader's
working directory for the kernel) into a fresh private folder, links the grader's socket paths to
the kernel's socket folder, starts ``bwrap`` and waits; it removes the folder when the kernel exits.
:func:`available` says whether the sandbox works on this machine; where it does not, grading stops
(:func:`unavailable_message`) unless the instructor opts out explicitly (:data:`OPT_OUT_ENV` or
``c.TrustedExecute.sandbox = False``). :func:`grading_config` is the older, config-only wiring
(it sets ``JUPYTER_PATH``), kept for direct ``KernelManager`` use.

As root, bwrap builds the sandbox with root's view of the file system (the Python installation may
live in root's home: only that folder is bound), keeps just CAP_SETUID/CAP_SETGID for ``setpriv``
to become the sandbox user for good, and a second, unprivileged bwrap then forbids new user
namespaces. As another user, one unprivileged bwrap does it all and the kernel keeps that user id.
"""

from __future__ import annotations

import argparse
import atexit
import ctypes
import functools
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from multiprocessing import util as multiprocessing_util
from pathlib import Path

from jupyter_client.kernelspec import KernelSpecManager
from traitlets.config import Config

import jaxcourse
from coursetools.grading import limits

KERNEL_NAME = "jax-course-sandbox"
#: Set to 1 to run student code without the sandbox (only for code you trust); so does
#: ``c.TrustedExecute.sandbox = False`` in nbgrader_config.py and the grading command's --no-sandbox.
OPT_OUT_ENV = "JAXCOURSE_UNSANDBOXED"
#: Prefix of each grading process's private folder in the temporary directory (``<prefix><pid>-*``).
WORKDIR_PREFIX = "jaxcourse-grading-"
#: The user a root grader runs kernels as; override with JAXCOURSE_SANDBOX_USER.
DEFAULT_USER = "nobody"
#: Paths inside the sandbox.
WORK, TMP, IPC, CONNECTION = "/home/student/work", "/tmp", "/run/kernel", "/run/kernel.json"
#: Environment variables passed into the kernel (everything else, e.g. NBGRADER_DB_URL, stays out).
ENV_KEEP = ("LANG", "LC_ALL", "LC_CTYPE", "TZ", "MPLBACKEND", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
            "MKL_NUM_THREADS", "PYTHONHASHSEED")
ENV_KEEP_PREFIXES = ("JAX_", "XLA_", "TF_CPP_")
#: Host files and folders of /etc bound read-only when they exist (no passwords, keys or certificates).
ETC = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "nsswitch.conf", "hosts", "mime.types",
       "alternatives", "fonts")
#: Prefix of the kernel's socket paths in its socket folder (``k-<port>``).
SOCKET_PREFIX = "k"
PORTS = ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")


class SandboxError(RuntimeError):
    pass


def sandbox_user() -> tuple[int, int, str] | None:
    """(uid, gid, name) the kernel runs as, or None when the grader is not root (it keeps its own)."""
    if os.geteuid() != 0:
        return None
    name = os.environ.get("JAXCOURSE_SANDBOX_USER", DEFAULT_USER)
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        raise SandboxError(f"the sandbox user {name!r} does not exist") from None
    if entry.pw_uid == 0 or entry.pw_gid == 0:
        raise SandboxError(f"the sandbox user {name!r} must not be root or in root's group")
    return entry.pw_uid, entry.pw_gid, name


def python_roots() -> list[Path]:
    """Folders the kernel's Python needs, read-only: the virtualenv and its base installation.

    Nothing else of the course is bound: not even the course's own package (``jaxcourse``,
    installed in editable mode), so a virtualenv inside the course folder exposes only itself.
    """
    roots: list[Path] = []
    for p in (sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix,
              Path(os.path.realpath(sys.executable)).parent.parent):
        p = Path(os.path.realpath(p))
        if p in (Path("/"), Path("/usr")) or any(p == r or r in p.parents for r in roots):
            continue  # /usr is bound anyway; never bind the whole root
        roots = [r for r in roots if p not in r.parents] + [p]
    return roots


def course_package() -> Path | None:
    """This course's helper package (``jaxcourse``), which assignments import (device simulation,
    images): bound read-only when it lives outside the virtualenv (an editable install). It holds
    tools and pictures, no solutions or tests."""
    pkg = Path(jaxcourse.__file__).resolve().parent
    if any(r == pkg or r in pkg.parents for r in python_roots()):
        return None
    return pkg


def _userns_allowed() -> bool:
    """Whether unprivileged users may make user namespaces here (if not, nothing to forbid)."""
    checks = {"/proc/sys/user/max_user_namespaces": lambda v: int(v) > 0,
              "/proc/sys/kernel/unprivileged_userns_clone": lambda v: int(v) != 0,
              "/proc/sys/kernel/apparmor_restrict_unprivileged_userns": lambda v: int(v) == 0}
    for path, ok in checks.items():
        try:
            if not ok(Path(path).read_text().strip()):
                return False
        except (OSError, ValueError):
            pass
    return True


def _parents(paths: list[str]) -> list[str]:
    """Every ancestor folder of ``paths`` (outermost first, without ``/``)."""
    out: list[str] = []
    for path in paths:
        for parent in reversed(Path(path).parents):
            if str(parent) != "/" and str(parent) not in out:
                out.append(str(parent))
    return out


def _data_fd(text: str) -> int:
    """A pipe whose read end holds ``text`` (for bwrap's --ro-bind-data)."""
    data = text.encode()
    if len(data) > 60000:
        raise SandboxError("data too large for a pipe")
    r, w = os.pipe()
    os.write(w, data)
    os.close(w)
    return r


def _kernel_env() -> list[str]:
    keep = {k: v for k, v in os.environ.items() if k in ENV_KEEP or k.startswith(ENV_KEEP_PREFIXES)}
    keep.setdefault("JAX_PLATFORMS", "cpu")
    keep.setdefault("LANG", "C.UTF-8")
    keep.update(HOME=TMP, TMPDIR=TMP, USER="student", LOGNAME="student", MPLCONFIGDIR=f"{TMP}/matplotlib",
                PATH=f"{Path(sys.prefix) / 'bin'}:/usr/local/bin:/usr/bin:/bin", PYTHONDONTWRITEBYTECODE="1",
                # ipykernel's parent poller would take bwrap's pid-1 reaper for an orphaning and
                # quit; PID 1 switches the poller off (bwrap's --die-with-parent does its job).
                JPY_PARENT_PID="1")
    args = ["--clearenv"]
    for k, v in sorted(keep.items()):
        args += ["--setenv", k, v]
    return args


def command(work: Path, tmp: Path, ipc: Path, inner: list[str], fds: list[int],
            connection: str | None = None) -> list[str]:
    """The command line that runs ``inner`` in a sandbox (see the module's docstring).

    ``work``, ``tmp`` and ``ipc`` are host folders owned by the sandbox user, bound read-write at
    WORK (the working directory), TMP and IPC; ``connection`` (a JSON text) becomes CONNECTION.
    The read ends of the pipes that carry generated files are appended to ``fds``: pass them to
    the child, then close them.
    """

    def data(text: str) -> str:
        fd = _data_fd(text)
        fds.append(fd)
        return str(fd)

    bwrap = shutil.which("bwrap")
    if not bwrap:
        raise SandboxError("bwrap is not installed")
    user = sandbox_user()
    args = [bwrap, "--die-with-parent", "--hostname", "sandbox"]
    if user:
        uid, gid, _ = user
        setpriv = shutil.which("setpriv")
        if not setpriv:
            raise SandboxError("setpriv (util-linux) is not installed")
        args += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
                 "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
        lock = []
        if _userns_allowed():  # as the sandbox user, lock user namespaces away
            lock = [bwrap, "--unshare-user", "--disable-userns", "--die-with-parent", "--dev-bind", "/", "/", "--"]
        inner = [setpriv, f"--reuid={uid}", f"--regid={gid}", "--clear-groups", "--inh-caps=-all", "--",
                 *lock, *inner]
    else:
        uid, gid = os.getuid(), os.getgid()
        args += ["--unshare-all", "--unshare-user", "--disable-userns"]
    roots = [str(r) for r in python_roots()]
    pkg = course_package()
    if pkg is not None:
        roots.append(str(pkg))
    # The private /tmp first: the course (and so its .venv) may itself live under /tmp, and a later
    # mount over /tmp would hide it.
    args += ["--bind", str(tmp), TMP]
    # The folders leading to bound paths: world-traversable (bwrap as root would copy root's 0700).
    for parent in _parents([*roots, IPC, WORK]):
        if parent not in ("/usr", "/tmp"):
            args += ["--perms", "0755", "--dir", parent]
    args += ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    args += ["--perms", "0755", "--dir", "/etc"]
    for name in ETC:
        if (Path("/etc") / name).exists():
            args += ["--ro-bind", f"/etc/{name}", f"/etc/{name}"]
    passwd = f"root:x:0:0:root:/root:/usr/sbin/nologin\nstudent:x:{uid}:{gid}:student:{TMP}:/usr/sbin/nologin\n"
    args += ["--perms", "0444", "--ro-bind-data", data(passwd), "/etc/passwd",
             "--perms", "0444", "--ro-bind-data", data(f"root:x:0:\nstudent:x:{gid}:\n"), "/etc/group"]
    for root in roots:
        args += ["--ro-bind", root, root]
    args += ["--proc", "/proc", "--dev", "/dev",
             "--bind", str(ipc), IPC, "--bind", str(work), WORK]
    if connection is not None:
        args += ["--perms", "0444", "--ro-bind-data", data(connection), CONNECTION]
    args += ["--chdir", WORK, *_kernel_env(), "--", *inner]
    return args


def _give_to(path: Path, user: tuple[int, int, str] | None) -> None:
    """Hand a freshly made tree to the sandbox user."""
    if user is None:
        return
    uid, gid, _ = user
    for dirpath, dirnames, filenames in os.walk(path):
        os.chown(dirpath, uid, gid, follow_symlinks=False)
        for name in dirnames + filenames:
            os.chown(os.path.join(dirpath, name), uid, gid, follow_symlinks=False)


def _hard_links(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if os.path.isfile(p := os.path.join(folder, n)) and not os.path.islink(p)
            and os.stat(p).st_nlink > 1]


def _copy_submission(src: Path, dest: Path) -> None:
    """The kernel's working copy of the submission folder (symlinks are copied as symlinks: inside
    the sandbox they lead nowhere the kernel could not go anyway)."""
    for entry in src.iterdir():
        target = dest / entry.name
        if entry.is_symlink():
            os.symlink(os.readlink(entry), target)
        elif entry.is_dir():
            shutil.copytree(entry, target, symlinks=True, ignore=_hard_links)
        elif entry.is_file():
            if entry.stat().st_nlink > 1:  # a hard link could point at any file root can read
                print(f"coursetools.grading.sandbox: not copying {entry.name} (a hard link)", file=sys.stderr)
                continue
            shutil.copy2(entry, target)


def _sweep(runs: Path) -> None:
    """Remove the folders of kernels whose launcher was killed before it could clean up."""
    for box in runs.glob("kernel-*"):
        try:
            pid = int(box.name.split("-")[1])
            os.kill(pid, 0)
        except ProcessLookupError:
            shutil.rmtree(box, ignore_errors=True)
        except (ValueError, IndexError, PermissionError):
            pass


def _term_with_parent() -> None:
    """Get SIGTERM when the grading process dies, so no kernel outlives its grader.

    (An ordinary ipykernel watches JPY_PARENT_PID for that; in the sandbox it cannot see its grader.)
    """
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    parent = int(os.environ.get("JPY_PARENT_PID") or 0)
    if parent and os.getppid() != parent:
        raise SandboxError("the grading process exited before the kernel started")


def launch(connection_file: str, workdir: str, kernel_args: list[str], rlimits: list[tuple[int, int]] = ()) -> int:
    """Run one kernel in the sandbox and wait for it (the kernelspec's command).

    The grader wrote ``connection_file`` for the ``ipc`` transport; its socket paths
    ``<ip>-<port>`` become symlinks into this kernel's own socket folder, bound at IPC.
    ``rlimits`` (``limits.rlimits``) are set on bwrap, so every process of the sandbox inherits them.
    """
    info = json.loads(Path(connection_file).read_text())
    if info.get("transport") != "ipc":
        raise SandboxError("the sandboxed kernel has no network: set KernelManager.transport = 'ipc' "
                           "(coursetools.grading.sandbox.grading_config does)")
    user = sandbox_user()
    running: list[subprocess.Popen] = []

    def stop(signum, frame):
        # The grader's SIGTERM, or its death (below): kill bwrap, which kills everything in the
        # sandbox (--die-with-parent), then clean up in ``finally``.
        if running:
            running[0].kill()
        else:
            raise SandboxError("stopped before the kernel started")

    signal.signal(signal.SIGTERM, stop)
    # Interrupts arrive as messages (interrupt_mode "message"); a stray SIGINT to the process
    # group must not take the launcher down (bwrap would then kill the kernel).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _term_with_parent()
    runs = Path(workdir) / "run"
    runs.mkdir(parents=True, exist_ok=True, mode=0o700)
    _sweep(runs)
    box = Path(tempfile.mkdtemp(prefix=f"kernel-{os.getpid()}-", dir=runs))
    links: list[str] = []
    fds: list[int] = []
    proc = None
    try:
        work, tmp, ipc = box / "work", box / "tmp", box / "ipc"
        for d in (work, tmp, ipc):
            d.mkdir(mode=0o700)
        _copy_submission(Path.cwd(), work)
        _give_to(box, user)
        for port in (int(info[k]) for k in PORTS):
            link = f"{info['ip']}-{port}"
            if os.path.islink(link):  # left by a kernel that was killed: jupyter_client reuses the name
                os.unlink(link)
            os.symlink(ipc / f"{SOCKET_PREFIX}-{port}", link)
            links.append(link)
        inner_info = dict(info, ip=f"{IPC}/{SOCKET_PREFIX}")
        inner = [sys.executable, "-I", "-m", "ipykernel_launcher", "-f", CONNECTION, *kernel_args]
        cmd = command(work, tmp, ipc, inner, fds, connection=json.dumps(inner_info))
        proc = subprocess.Popen(cmd, pass_fds=fds, cwd="/",
                                preexec_fn=(lambda: limits.apply_rlimits(list(rlimits))) if rlimits else None)
        running.append(proc)
        for fd in fds:
            os.close(fd)
        fds = []
        return proc.wait()
    finally:
        for fd in fds:
            os.close(fd)
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        for link in links:
            try:
                os.unlink(link)
            except FileNotFoundError:
                pass
        shutil.rmtree(box, ignore_errors=True)


def kernelspec(workdir: Path) -> dict:
    return {
        "argv": [sys.executable, "-m", "coursetools.grading.sandbox", "--workdir", str(workdir), "{connection_file}"],
        "display_name": "Python 3 (JAX course, sandboxed for grading)",
        "language": "python",
        # ipykernel interrupts itself on an interrupt_request message: no signal crosses the sandbox.
        "interrupt_mode": "message",
        "metadata": {"debugger": False},
    }


def install_kernelspec(workdir: Path) -> Path:
    """Write the ``jax-course-sandbox`` kernelspec under ``workdir/jupyter`` and put that folder
    first on this process's ``JUPYTER_PATH``; returns the kernelspec folder."""
    workdir = Path(workdir).resolve()
    spec = workdir / "jupyter" / "kernels" / KERNEL_NAME
    spec.mkdir(parents=True, exist_ok=True)
    (spec / "kernel.json").write_text(json.dumps(kernelspec(workdir), indent=1))
    jupyter = str(workdir / "jupyter")
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != jupyter]
    os.environ["JUPYTER_PATH"] = os.pathsep.join([jupyter, *paths])
    return spec


def grading_config(workdir: Path | str | None = None):
    """A traitlets Config that runs every notebook nbgrader executes in the sandbox.

    Call it once in each grading process (it sets ``JUPYTER_PATH`` there) and merge the result into
    the config given to ``NbGraderAPI``. ``workdir`` is a folder private to that process (made if
    missing, mode 0700) for the kernelspec, the socket links and each kernel's folder; by default
    :func:`process_workdir`, removed when the process exits. (Autograding with the course's
    configuration needs none of this: ``TrustedExecute`` starts the sandbox itself.)
    """
    if workdir is None:
        workdir = process_workdir()
    workdir = Path(workdir).resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    workdir.chmod(0o700)
    (workdir / "ipc").mkdir(exist_ok=True, mode=0o700)
    install_kernelspec(workdir)
    c = Config()
    c.Execute.kernel_name = KERNEL_NAME  # overrides the kernelspec the submitted notebook names
    c.KernelManager.transport = "ipc"
    c.KernelManager.ip = str(workdir / "ipc" / "kernel")
    return c


def opted_out() -> bool:
    """Whether the environment asks to run student code without the sandbox (``JAXCOURSE_UNSANDBOXED=1``)."""
    return os.environ.get(OPT_OUT_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def unavailable_message(why: str) -> str:
    """The one sentence autograding stops with when the sandbox cannot run here."""
    return (f"Autograding stopped before running any student code because the bubblewrap sandbox cannot run "
            f"here ({why.rstrip('.')}): install the Debian package bubblewrap (apt-get install bubblewrap, or "
            f"scripts/system-deps.sh as root), or, only for code you trust, opt out explicitly with "
            f"c.TrustedExecute.sandbox = False in nbgrader_config.py or {OPT_OUT_ENV}=1 in the environment "
            f"(the grading command's --no-sandbox does the same).")


_WORKDIR: dict[int, Path] = {}


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def sweep_workdirs(parent: Path) -> None:
    """Remove the private folders of grading processes that died without cleaning up (SIGKILL)."""
    for folder in parent.glob(f"{WORKDIR_PREFIX}*"):
        try:
            pid = int(folder.name[len(WORKDIR_PREFIX):].split("-")[0])
            mine = folder.stat().st_uid == os.geteuid()
        except (ValueError, OSError):
            continue
        if mine and pid != os.getpid() and not _pid_alive(pid):
            shutil.rmtree(folder, ignore_errors=True)


def remove_workdir(pid: int | None = None) -> None:
    """Remove this process's private grading folder now (``pid`` guards against forked children)."""
    pid = os.getpid() if pid is None else pid
    folder = _WORKDIR.get(pid)
    if folder is not None and pid == os.getpid():
        shutil.rmtree(folder, ignore_errors=True)
        _WORKDIR.pop(pid, None)


def process_workdir() -> Path:
    """This process's private grading folder (mode 0700), made on first use and reused after.

    It holds the sandbox kernelspec (``jupyter/``), the grader's socket links (``ipc/``), each
    kernel's connection file and private folder (``run/``) and the trusted checker's scratch folder.
    It is removed when the process exits (also a ``multiprocessing`` worker), and the folders of
    grading processes that were killed are removed when the next one starts.
    """
    pid = os.getpid()
    if pid in _WORKDIR and _WORKDIR[pid].is_dir():
        return _WORKDIR[pid]
    parent = Path(tempfile.gettempdir())
    sweep_workdirs(parent)
    folder = Path(tempfile.mkdtemp(prefix=f"{WORKDIR_PREFIX}{pid}-", dir=parent)).resolve()
    _WORKDIR[pid] = folder
    atexit.register(remove_workdir, pid)
    try:  # multiprocessing workers started by fork leave through os._exit, which skips atexit
        multiprocessing_util.Finalize(None, remove_workdir, args=(pid,), exitpriority=0)
    except Exception:  # noqa: BLE001 (only a second chance at cleaning up)
        pass
    for sub in ("ipc", "run", "connections"):
        (folder / sub).mkdir(mode=0o700)
    spec = folder / "jupyter" / "kernels" / KERNEL_NAME
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps(kernelspec(folder), indent=1))
    return folder


def kernel_manager(manager_class, config=None, workdir: Path | None = None, **kwargs):
    """A kernel manager of ``manager_class`` that starts the sandboxed kernel of this process's workdir.

    The kernelspec comes from the workdir alone (never from ``JUPYTER_PATH`` or the notebook), the
    transport is ``ipc`` with the grader's socket links in the workdir, and the connection file
    (it holds the session key) lives there too, so nothing of a kernel outlives the process.
    """
    workdir = Path(workdir) if workdir is not None else process_workdir()
    ksm = KernelSpecManager(kernel_dirs=[str(workdir / "jupyter" / "kernels")], ensure_native_kernel=False)
    km = manager_class(kernel_name=KERNEL_NAME, kernel_spec_manager=ksm, config=config, **kwargs)
    km.transport = "ipc"
    km.ip = str(workdir / "ipc" / "kernel")
    km.connection_file = str(workdir / "connections" / f"kernel-{uuid.uuid4().hex}.json")
    return km


@functools.lru_cache(maxsize=1)
def available() -> tuple[bool, str]:
    """(True, how) when kernels can be sandboxed here; (False, why not) otherwise.

    Starts one sandbox (about a second): Python from the virtualenv must import ipykernel in it.
    """
    if not shutil.which("bwrap"):
        return False, "bubblewrap (bwrap) is not installed: apt-get install bubblewrap"
    if os.geteuid() == 0 and not shutil.which("setpriv"):
        return False, "setpriv (util-linux) is not installed"
    try:
        user = sandbox_user()
    except SandboxError as err:
        return False, str(err)
    fds: list[int] = []
    with tempfile.TemporaryDirectory(prefix="jaxcourse-sandbox-probe-") as scratch:
        dirs = [Path(scratch) / n for n in ("work", "tmp", "ipc")]
        for d in dirs:
            d.mkdir()
        _give_to(Path(scratch), user)
        try:
            cmd = command(*dirs, [sys.executable, "-I", "-c", "import ipykernel"], fds)
            proc = subprocess.run(cmd, pass_fds=fds, capture_output=True, text=True, timeout=120, cwd="/")
        except (OSError, SandboxError, subprocess.TimeoutExpired) as err:
            return False, f"the sandbox does not start: {err}"
        finally:
            for fd in fds:
                os.close(fd)
    if proc.returncode:
        lines = (proc.stderr or proc.stdout).strip().splitlines() or [f"exit status {proc.returncode}"]
        return False, f"the sandbox does not start: {lines[-1]}"
    who = f"user {user[2]}" if user else "the grader's own user"
    return True, f"bubblewrap {bwrap_version()}, kernels run as {who} without network"


def bwrap_version() -> str:
    try:
        out = subprocess.run(["bwrap", "--version"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    return out.split()[-1] if out.split() else "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        allow_abbrev=False,
        description=f"Start a sandboxed Jupyter kernel (the {KERNEL_NAME} kernelspec's command); "
                    "extra arguments go to ipykernel.")
    parser.add_argument("--workdir", required=True, help="the grading process's private folder")
    parser.add_argument("--cpu-seconds", type=float, help="RLIMIT_CPU of each process in the sandbox")
    parser.add_argument("--memory-mb", type=int, help="memory limit: RLIMIT_AS of each process in the sandbox is "
                                                      "this plus limits.ADDRESS_SPACE_HEADROOM")
    parser.add_argument("connection_file")
    args, kernel_args = parser.parse_known_args(argv)
    try:
        return launch(args.connection_file, args.workdir, kernel_args, limits.rlimits(args.cpu_seconds, args.memory_mb))
    except SandboxError as err:
        print(f"coursetools.grading.sandbox: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
