"""Helpers for tests/test_browser.py: a JupyterLab server on loopback, headless Chromium, page steps.

Nothing here downloads anything: the browser is Debian's ``chromium`` (``scripts/system-deps.sh``),
driven by Playwright for Python through ``executable_path``; Playwright's own browser builds are
never used (``playwright install`` is not needed and cannot work offline).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
ARTIFACTS = ROOT / "artifacts" / "browser"  # git-ignored (artifacts/ in .gitignore)

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = [
    # Root in a container: Chromium's own sandbox needs user namespaces it may not get.
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    # Nothing may reach outside the machine: no updates, sync, field trials or first-run pages.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--no-first-run",
    "--no-default-browser-check",
    "--metrics-recording-only",
]

# JupyterLab user settings for the test server (its own settings dir, so a developer's settings
# never leak in): every cell stays in the DOM (no windowing), no news or update checks (no network).
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": False},
}


def find_chromium() -> str | None:
    for path in (os.environ.get("CHROMIUM"), *CHROMIUM_CANDIDATES, shutil.which("chromium")):
        if path and Path(path).is_file() and os.access(path, os.X_OK):
            return path
    return None


def require_chromium() -> str:
    """Debian's Chromium for Playwright, or skip the test saying how to install what is missing."""
    import pytest

    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install -r requirements.txt)")
    path = find_chromium()
    if path is None:
        pytest.skip("Chromium is not installed (run scripts/system-deps.sh as root: Debian's chromium)")
    return path


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (the server is started with port_retries=0, so a race fails loudly)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def copy_course(dest: Path) -> Path:
    """A scratch copy of what a student and an instructor open: lessons, release/, source/, config."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "nbgrader_config.py", dest)
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    for name in ("notebooks", "release", "source"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    return dest


_INSTRUCTOR_SETUP = """
import json, shutil, sys
from pathlib import Path
from nbgrader.apps import NbGrader, NbGraderAPI

committed = Path(sys.argv[1])
app = NbGrader()
app.load_config_file()  # ./nbgrader_config.py and the test's Jupyter config dir (the exchange)
api = NbGraderAPI(config=app.config)
released = []
for aid in sorted(p.parent.name for p in Path("source").glob("*/*.ipynb")):
    result = api.generate_assignment(aid, force=True)
    if not result["success"]:
        sys.exit(f"generate_assignment {aid} failed:\\n{result.get('error')}\\n{result.get('log')}")
    shutil.rmtree(Path("release", aid), ignore_errors=True)
    if (committed / aid).is_dir():
        shutil.copytree(committed / aid, Path("release", aid))
        result = api.release_assignment(aid)
        if not result["success"]:
            sys.exit(f"release_assignment {aid} failed:\\n{result.get('error')}\\n{result.get('log')}")
        released.append(aid)
print(json.dumps(released))
"""


class JupyterLab:
    """``jupyter lab`` from the course virtualenv on a free loopback port, with a random token.

    Its config, data, runtime and settings folders are private to the test (under ``home``), so
    neither the developer's Jupyter settings nor a user-installed kernel can change what is tested.
    """

    def __init__(self, course: Path, home: Path, log_path: Path, env: dict[str, str]):
        self.course = course
        self.home = home
        self.log_path = log_path
        self.token = secrets.token_hex(16)
        self.port = 0  # chosen in start()
        self.base = ""
        self.env = dict(env)
        self.proc: subprocess.Popen | None = None
        self._log = None
        self.prepare()

    # -- lifecycle -------------------------------------------------------------------------------
    def prepare(self) -> None:
        """Private Jupyter folders and settings; an nbgrader exchange of its own (under ``home``)."""
        for sub in ("config", "data", "runtime", "settings", "workspaces", "exchange"):
            (self.home / sub).mkdir(parents=True, exist_ok=True)
        for name, value in LAB_SETTINGS.items():
            path = self.home / "settings" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value))
        # No news feed, no update check: nothing may leave the machine.
        (self.home / "config" / "jupyter_server_config.py").write_text(
            "c.LabApp.news_url = None\n"
            "c.LabApp.check_for_updates_class = 'jupyterlab.handlers.announcements.NeverCheckForUpdate'\n")
        # The course's nbgrader_config.py names no exchange (the default is /srv/nbgrader/exchange):
        # the student's Assignments panel lists what the instructor released into this one.
        (self.home / "exchange").chmod(0o777)
        (self.home / "config" / "nbgrader_config.py").write_text(
            f"c.Exchange.root = {str(self.home / 'exchange')!r}\n")
        self.env.update(
            JUPYTER_CONFIG_DIR=str(self.home / "config"),
            JUPYTER_DATA_DIR=str(self.home / "data"),
            JUPYTER_RUNTIME_DIR=str(self.home / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(self.home / "settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(self.home / "workspaces"),
        )

    def instructor_setup(self, committed_release: Path) -> list[str]:
        """What an instructor has done before the students log in, in one process (nbgrader's
        imports cost seconds each): ``generate_assignment`` for every assignment in ``source/``
        (so the gradebook knows it), then ``release_assignment`` into the exchange for every one
        with a committed ``release/``, whose files (not the regenerated ones) are what is released.
        Returns the released assignment ids."""
        proc = subprocess.run([sys.executable, "-c", _INSTRUCTOR_SETUP, str(committed_release)],
                              cwd=self.course, env=self.env, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            raise RuntimeError(f"nbgrader setup failed:\n{proc.stdout[-4000:]}{proc.stderr[-4000:]}")
        return json.loads(proc.stdout.strip().splitlines()[-1])

    def start(self, timeout: float = 120, attempts: int = 3) -> None:
        """Start the server and wait until it answers; a port taken meanwhile is retried on another."""
        for attempt in range(attempts):
            self.port = free_port()
            self.base = f"http://127.0.0.1:{self.port}"
            if self._start_once(timeout):
                return
            if "is not available" not in self.log_tail() or attempt == attempts - 1:
                raise RuntimeError(f"jupyter lab exited with {self.proc.returncode}:\n{self.log_tail()}")

    def _start_once(self, timeout: float) -> bool:
        cmd = [
            str(BIN / "jupyter"), "lab", "--no-browser",
            f"--IdentityProvider.token={self.token}", "--ServerApp.ip=127.0.0.1", f"--port={self.port}",
            "--ServerApp.port_retries=0", f"--ServerApp.root_dir={self.course}",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")  # CI and containers run as root
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        if self._log is not None:
            self._log.close()
        self._log = open(self.log_path, "w")  # noqa: SIM115 (closed in stop())
        # cwd is the course: nbgrader's Validate and Assignments handlers read ./nbgrader_config.py.
        # A new session: stop() can end the server and every kernel it started, by group id.
        self.proc = subprocess.Popen(cmd, cwd=self.course, env=self.env, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                if self.api("GET", "/api/status", timeout=2) is not None:
                    return True
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.3)
        raise RuntimeError(f"jupyter lab did not answer within {timeout} s:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:  # a clean shutdown first: the server stops its kernels
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=15)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                pass
        if self.proc is not None:
            try:  # whatever is left of this server's process group (kernels it started)
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=15)
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_tail(self, chars: int = 6000) -> str:
        try:
            return self.log_path.read_text()[-chars:]
        except OSError:
            return ""

    # -- REST ------------------------------------------------------------------------------------
    def api(self, method: str, path: str, body: dict | None = None, timeout: float = 30):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Authorization": f"token {self.token}",
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            text = resp.read().decode()
        return json.loads(text) if text else {}

    def shutdown_kernels(self) -> None:
        for kernel in self.api("GET", "/api/kernels"):
            self.api("DELETE", f"/api/kernels/{kernel['id']}")

    def url(self, path: str = "lab") -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path}{sep}token={self.token}"


# -- the page ------------------------------------------------------------------------------------

class Shots:
    """Numbered screenshots of one test, in ARTIFACTS/<test name>/."""

    def __init__(self, page, folder: Path):
        self.page = page
        self.folder = folder
        self.n = 0
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, name: str) -> Path:
        self.n += 1
        path = self.folder / f"{self.n:02d}_{name}.png"
        self.page.screenshot(path=str(path))
        return path


CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook in the visible main-area tab

# True once the notebook's kernel is idle and no code cell is queued ([*]) or still unrun ([ ]) among
# the given code-cell indices (all code cells when none given).
_EXECUTED_JS = """([sel, wanted]) => {
  const panel = document.querySelector(sel);
  if (!panel) return false;
  const status = panel.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status;
  if (status !== 'idle') return false;
  const cells = [...panel.querySelectorAll('.jp-Notebook .jp-CodeCell')];
  const idx = wanted === null ? cells.map((_, i) => i) : wanted;
  return idx.every(i => /^\\[\\d+\\]:$/.test(cells[i]?.querySelector('.jp-InputPrompt')?.textContent.trim() ?? ''));
}"""

# Per code cell: its prompt, the mime types of its outputs, whether an stderr output holds a Python
# traceback (how JupyterLab renders an `error` output), and its rendered <img>s.
_OUTPUTS_JS = """(sel) => [...document.querySelector(sel).querySelectorAll('.jp-Notebook .jp-CodeCell')].map(c => {
  const outs = [...c.querySelectorAll('.jp-OutputArea-output')];
  return {
    prompt: c.querySelector('.jp-InputPrompt')?.textContent.trim() ?? '',
    mimes: outs.map(o => o.dataset.mimeType ?? ''),
    traceback: outs.some(o => o.dataset.mimeType === 'application/vnd.jupyter.stderr'
                              && o.textContent.includes('Traceback (most recent call last)')),
    images: [...c.querySelectorAll('.jp-OutputArea-output img')].map(i => ({
      complete: i.complete, width: i.naturalWidth, height: i.naturalHeight})),
  };
})"""


def menu(page, top: str, item: str) -> None:
    """Click a top-level menu, then one of its items (both by their visible label)."""
    page.get_by_role("menuitem", name=top, exact=True).click()
    page.get_by_role("menuitem", name=item, exact=True).click()


def open_notebook(page, lab: JupyterLab, relpath: str, timeout_ms: int = 120_000) -> None:
    """Open a notebook in JupyterLab and wait until its kernel (the notebook's own kernelspec) has
    started and is idle: the server says so, and so does the notebook's toolbar."""
    kernel = json.loads((lab.course / relpath).read_text())["metadata"]["kernelspec"]
    page.goto(lab.url(f"lab/tree/{relpath}"))
    page.wait_for_selector(f"{CURRENT} .jp-Notebook .jp-Cell", timeout=timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        sessions = [s for s in lab.api("GET", "/api/sessions") if s.get("path") == relpath and s.get("kernel")]
        if any(s["kernel"]["name"] == kernel["name"] and s["kernel"]["execution_state"] == "idle" for s in sessions):
            break
        if time.monotonic() > deadline:
            raise TimeoutError(f"no idle {kernel['name']} kernel for {relpath}: {sessions}\n{lab.log_tail(3000)}")
        time.sleep(0.5)
    page.wait_for_function(
        """([sel, name]) => {
          const panel = document.querySelector(sel);
          return panel?.querySelector('.jp-Toolbar-kernelName')?.textContent.trim() === name
              && panel?.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status === 'idle';
        }""", arg=[CURRENT, kernel["display_name"]], timeout=timeout_ms)


def wait_executed(page, code_indices: list[int] | None = None, timeout_ms: int = 300_000) -> None:
    page.wait_for_function(_EXECUTED_JS, arg=[CURRENT, code_indices], timeout=timeout_ms, polling=250)


def code_cell_outputs(page) -> list[dict]:
    return page.evaluate(_OUTPUTS_JS, CURRENT)


def save_notebook(page) -> None:
    """Save with Ctrl+S and wait until the tab no longer shows unsaved changes."""
    page.locator(f"{CURRENT} .jp-Notebook").click(position={"x": 5, "y": 5})
    page.keyboard.press("Escape")
    page.keyboard.press("Control+s")
    page.wait_for_selector(".lm-TabBar-tab.jp-mod-current.jp-mod-dirty", state="detached", timeout=30_000)


def strip_solution_markers(src: str) -> str:
    """An instructor's answer cell as a student would type it: without nbgrader's markers."""
    keep = [line for line in src.splitlines() if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION")]
    return "\n".join(keep)
