"""Autograding runs each submission's kernel in a bubblewrap sandbox (coursetools.grading.sandbox).

A student's code may not read the instructor's files (source/, solutions/, the gradebook, other
submissions, the grader's home), write outside its scratch folder, reach the network, or shadow
installed modules with files next to the notebook; JAX still works and an honest solution still
gets full marks through nbgrader autograde with nothing but the course's nbgrader_config.py (the
sandbox is wired into ``TrustedExecute``; tests/test_routes.py grades an attack through every route).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import pytest
from conftest import ROOT

from coursetools.grading import sandbox

BWRAP = shutil.which("bwrap")
needs_bwrap = pytest.mark.skipif(BWRAP is None,
                                 reason="bubblewrap (bwrap) is not installed: apt-get install bubblewrap")


def heavy(test):
    """Starts sandboxed kernels: slow, with the other grading tests, only where bwrap exists."""
    return pytest.mark.slow(pytest.mark.xdist_group("grading")(needs_bwrap(test)))


AID = "91_sandbox"


# ---------------------------------------------------------------- unit tests (fast)


def test_available_says_why_not_without_bwrap(monkeypatch):
    real_which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None if name == "bwrap" else real_which(name, *a, **k))
    ok, reason = sandbox.available.__wrapped__()
    assert not ok
    assert "bubblewrap" in reason


def test_available_refuses_root_as_sandbox_user(monkeypatch):
    if os.geteuid() != 0:
        pytest.skip("the sandbox user is only used when grading as root")
    monkeypatch.setenv("JAXCOURSE_SANDBOX_USER", "root")
    ok, reason = sandbox.available.__wrapped__()
    assert not ok and "root" in reason


@needs_bwrap
def test_available_here():
    ok, reason = sandbox.available.__wrapped__()
    assert ok, reason
    assert reason


def test_launcher_refuses_tcp(tmp_path, capsys):
    conn = tmp_path / "kernel.json"
    conn.write_text(json.dumps({"transport": "tcp", "ip": "127.0.0.1", "shell_port": 1}))
    assert sandbox.main(["--workdir", str(tmp_path / "w"), str(conn)]) == 2
    assert "ipc" in capsys.readouterr().err


def test_grading_config(tmp_path, monkeypatch):
    monkeypatch.delenv("JUPYTER_PATH", raising=False)
    config = sandbox.grading_config(tmp_path / "grading")
    assert config.Execute.kernel_name == sandbox.KERNEL_NAME
    assert config.KernelManager.transport == "ipc"
    assert Path(config.KernelManager.ip).parent == (tmp_path / "grading" / "ipc").resolve()
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec(sandbox.KERNEL_NAME)
    assert spec.argv[1:3] == ["-m", "coursetools.grading.sandbox"] and spec.interrupt_mode == "message"
    assert (tmp_path / "grading").stat().st_mode & 0o777 == 0o700


def test_copy_submission_skips_hard_links_and_keeps_symlinks(tmp_path):
    src, dest = tmp_path / "submitted", tmp_path / "work"
    (src / "data").mkdir(parents=True)
    dest.mkdir()
    (src / "nb.ipynb").write_text("{}")
    (src / "data" / "x.csv").write_text("1,2")
    secret = tmp_path / "secret.txt"
    secret.write_text("instructor-secret")
    os.link(secret, src / "linked.txt")
    os.link(secret, src / "data" / "linked.txt")
    os.symlink(secret, src / "pointer.txt")
    sandbox._copy_submission(src, dest)
    assert sorted(str(p.relative_to(dest)) for p in dest.rglob("*")) == ["data", "data/x.csv", "nb.ipynb",
                                                                         "pointer.txt"]
    assert (dest / "pointer.txt").is_symlink()  # a symlink stays one: in the sandbox it leads nowhere


def test_process_workdir_is_private_and_reused(monkeypatch):
    monkeypatch.delenv("JUPYTER_PATH", raising=False)
    workdir = sandbox.process_workdir()
    assert sandbox.process_workdir() == workdir  # one per process, reused by every kernel
    assert workdir.name.startswith(f"{sandbox.WORKDIR_PREFIX}{os.getpid()}-")
    assert workdir.stat().st_mode & 0o777 == 0o700
    spec = json.loads((workdir / "jupyter" / "kernels" / sandbox.KERNEL_NAME / "kernel.json").read_text())
    assert spec["argv"][1:5] == ["-m", "coursetools.grading.sandbox", "--workdir", str(workdir)]
    assert "JUPYTER_PATH" not in os.environ  # nothing of the grading process's environment changes


def test_kernel_manager_uses_the_sandbox_kernelspec_over_ipc():
    from jupyter_client.manager import KernelManager

    workdir = sandbox.process_workdir()
    km = sandbox.kernel_manager(KernelManager)
    assert km.kernel_name == sandbox.KERNEL_NAME and km.transport == "ipc"
    assert Path(km.ip).parent == workdir / "ipc" and Path(km.connection_file).parent == workdir / "connections"
    assert km.kernel_spec.argv[1:3] == ["-m", "coursetools.grading.sandbox"]
    assert km.kernel_spec.interrupt_mode == "message"
    assert sandbox.kernel_manager(KernelManager).connection_file != km.connection_file


MAKE_WORKDIR = """
import os, signal, sys
from coursetools.grading import sandbox
print(sandbox.process_workdir(), flush=True)
if sys.argv[1] == "kill":
    os.kill(os.getpid(), signal.SIGKILL)
"""


def test_process_workdirs_are_removed_at_exit_and_after_a_kill(tmp_path):
    import subprocess

    def workdir(how: str) -> tuple[Path, int]:
        proc = subprocess.run([sys.executable, "-c", MAKE_WORKDIR, how], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "TMPDIR": str(tmp_path)})
        return Path(proc.stdout.strip()), proc.returncode

    folder, rc = workdir("exit")
    assert rc == 0 and folder.parent == tmp_path.resolve() and not folder.exists()
    killed, rc = workdir("kill")
    assert rc == -9 and killed.is_dir()  # SIGKILL: no exit handler ran
    alive = tmp_path / f"{sandbox.WORKDIR_PREFIX}{os.getpid()}-alive"  # a live process's folder stays
    alive.mkdir()
    folder, rc = workdir("exit")  # the next grading process sweeps the killed one's folder
    assert rc == 0 and not killed.exists() and alive.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == [alive.name]


def test_unsandboxed_only_by_explicit_opt_out(monkeypatch):
    from traitlets.config import Config

    from coursetools.grading.execute import TrustedExecute, unsandboxed_reason

    monkeypatch.delenv(sandbox.OPT_OUT_ENV, raising=False)
    assert unsandboxed_reason() == unsandboxed_reason(Config()) == unsandboxed_reason(TrustedExecute()) == ""
    off = Config()
    off.TrustedExecute.sandbox = False
    assert unsandboxed_reason(off) == unsandboxed_reason(TrustedExecute(config=off))
    assert unsandboxed_reason(off) == "c.TrustedExecute.sandbox = False"
    for value, opted in [("1", True), ("true", True), ("0", False), ("", False)]:
        monkeypatch.setenv(sandbox.OPT_OUT_ENV, value)
        assert (unsandboxed_reason(TrustedExecute()) == f"{sandbox.OPT_OUT_ENV}=1") is opted, value


def test_autograde_stops_with_one_sentence_when_the_sandbox_cannot_run(monkeypatch, caplog):
    import logging

    from coursetools.grading import execute as grading

    def unavailable():
        return False, "bubblewrap (bwrap) is not installed: apt-get install bubblewrap"

    unavailable.cache_clear = lambda: None
    monkeypatch.setattr(sandbox, "available", unavailable)
    monkeypatch.delenv(sandbox.OPT_OUT_ENV, raising=False)
    te = grading.TrustedExecute()
    te.log = logging.getLogger("test-trusted-execute")
    with pytest.raises(grading.SandboxUnavailable) as err:
        te.preprocess(nbformat.v4.new_notebook(), {"nbgrader": {"notebook": "nb"}})
    message = str(err.value)
    assert message.count(". ") == 0 and message.endswith(".")  # one sentence
    for words in ("bubblewrap", "apt-get install bubblewrap", "c.TrustedExecute.sandbox = False",
                  f"{sandbox.OPT_OUT_ENV}=1"):
        assert words in message, words
    # With the explicit opt-out it grades, and says so.
    monkeypatch.setenv(sandbox.OPT_OUT_ENV, "1")
    with caplog.at_level(logging.WARNING, logger="test-trusted-execute"):
        assert te._check_sandbox({"nbgrader": {"notebook": "nb"}}) is False
    assert "unsandboxed" in caplog.text


def test_python_roots_never_bind_the_course():
    roots = sandbox.python_roots()
    assert roots
    for r in roots:
        assert r not in (Path("/"), ROOT) and r not in ROOT.parents, r


# ---------------------------------------------------------------- a sandboxed kernel


def fake_course(path: Path) -> dict[str, Path]:
    """Files a student must not see, and a submission folder with a module-shadowing numpy.py."""
    files = {
        "source": path / "source" / AID / f"{AID}.ipynb",
        "gradebook": path / "gradebook.db",
        "other": path / "submitted" / "bob" / AID / f"{AID}.ipynb",
        "other_autograded": path / "autograded" / "bob" / AID / f"{AID}.ipynb",
    }
    for f in files.values():
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text("instructor-secret")
    sub = path / "submitted" / "alice" / AID
    sub.mkdir(parents=True)
    (sub / f"{AID}.ipynb").write_text("{}")
    (sub / "notes.txt").write_text("shipped with the submission")
    (sub / "numpy.py").write_text("raise ImportError('a numpy.py next to the notebook was imported')\n")
    files["submission"] = sub
    return files


class Kernel:
    """A sandboxed kernel started the way nbclient starts one (KernelManager + grading config)."""

    def __init__(self, workdir: Path, cwd: Path):
        from jupyter_client.manager import KernelManager

        self.workdir = workdir
        self.km = KernelManager(kernel_name=sandbox.KERNEL_NAME, config=sandbox.grading_config(workdir))
        self.km.start_kernel(cwd=str(cwd))
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=120)

    def run(self, code: str):
        """Run code; return the value it prints as JSON on its last line."""
        out: list[str] = []
        errors: list[str] = []

        def hook(msg):
            if msg["msg_type"] == "stream" and msg["content"]["name"] == "stdout":
                out.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                errors.append("\n".join(msg["content"]["traceback"]))

        reply = self.kc.execute_interactive("import json, os\n" + code, output_hook=hook, timeout=180)
        assert reply["content"]["status"] == "ok", errors
        return json.loads("".join(out).strip().splitlines()[-1])

    def close(self):
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=False)


PROBES = '''
import json, os, socket
def readable(p):
    try:
        if os.path.isdir(p):
            os.listdir(p)
        else:
            open(p, "rb").read(1)
        return True
    except OSError:
        return False
def writable(p):
    try:
        with open(p, "w") as fh:
            fh.write("x")
        return True
    except OSError:
        return False
def listing(p):
    try:
        return sorted(os.listdir(p))
    except OSError as err:
        return type(err).__name__
print(json.dumps(True))
'''


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    if not sandbox.available.__wrapped__()[0]:
        pytest.fail(f"bwrap is installed but the sandbox does not work: {sandbox.available.__wrapped__()[1]}")
    base = tmp_path_factory.mktemp("sandbox")
    files = fake_course(base / "course")
    home_secret = tempfile.NamedTemporaryFile(dir=Path.home(), prefix=".jaxcourse-sandbox-test-", delete=False)
    home_secret.write(b"secret")
    home_secret.close()
    saved = dict(os.environ)
    os.environ["NBGRADER_DB_URL"] = "postgresql://grader:hunter2@127.0.0.1/gradebook"
    try:
        k = Kernel(base / "grading", files["submission"])
    finally:
        os.environ.clear()
        os.environ.update(saved)
    assert k.run(PROBES)
    k.files, k.home_secret, k.course = files, Path(home_secret.name), base / "course"
    yield k
    k.close()
    os.unlink(home_secret.name)


@pytest.mark.parametrize("name", ["source", "gradebook", "other", "other_autograded"])
@heavy
def test_cannot_read_course_files(kernel, name):
    path = kernel.files[name]
    assert path.read_text() == "instructor-secret"  # there on the host
    assert kernel.run(f"print(json.dumps([readable({str(path)!r}), readable({str(path.parent)!r})]))") == [False, False]


@heavy
def test_cannot_see_the_course_or_the_repository(kernel):
    assert kernel.run(f"print(json.dumps(listing({str(kernel.course)!r})))") == "FileNotFoundError"
    for path in ["nbgrader_config.py", "solutions", "source", "release", "tests", "gradebook.db", "README.md"]:
        assert not kernel.run(f"print(json.dumps(readable({str(ROOT / path)!r})))"), path
    # The repository folder shows at most the virtualenv and the jaxcourse package (read-only).
    assert set(kernel.run(f"print(json.dumps(listing({str(ROOT)!r})))") or []) <= {".venv", "jaxcourse"}


@heavy
def test_cannot_read_the_graders_home(kernel):
    home = Path.home()
    assert not kernel.run(f"print(json.dumps(readable({str(kernel.home_secret)!r})))")
    visible = kernel.run(f"print(json.dumps(listing({str(home)!r})))")
    # Only the way to the Python installation (e.g. ~/.pyenv when Python was built by pyenv).
    allowed = {r.relative_to(home).parts[0] for r in sandbox.python_roots() if home in r.parents}
    assert visible == "FileNotFoundError" or set(visible) <= allowed, visible


@heavy
def test_cannot_write_outside_scratch(kernel):
    before = sorted((p, p.stat().st_mtime_ns) for p in kernel.course.rglob("*"))
    marker = f"jaxcourse-sandbox-escape-{os.getpid()}"
    targets = [kernel.course / marker, kernel.files["submission"] / marker, ROOT / marker,
               Path(sys.prefix) / marker, Path(sys.base_prefix) / marker, Path.home() / marker,
               Path("/") / marker, Path("/usr") / marker, Path("/etc") / marker, Path("/run") / marker,
               Path("/var/tmp") / marker, Path("/dev/shm") / marker]
    result = kernel.run(f"print(json.dumps([writable(p) for p in {[str(t) for t in targets]!r}]))")
    assert not any(result), [str(t) for t, w in zip(targets, result, strict=True) if w]
    # Its scratch folder (the working directory) and /tmp are writable, and private to this kernel.
    assert kernel.run(f"print(json.dumps([writable('here.txt'), writable('/tmp/{marker}')]))") == [True, True]
    assert not (Path("/tmp") / marker).exists()
    assert not (kernel.files["submission"] / "here.txt").exists()
    assert sorted((p, p.stat().st_mtime_ns) for p in kernel.course.rglob("*")) == before


@heavy
def test_no_network(kernel):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        server.setblocking(False)
        port = server.getsockname()[1]
        reached = kernel.run(f"""
results = []
for host in ["127.0.0.1", "localhost", "10.0.0.1"]:
    try:
        socket.create_connection((host, {port}), timeout=3).close()
        results.append(True)
    except OSError:
        results.append(False)
print(json.dumps(results))""")
        assert reached == [False, False, False]
        with pytest.raises(BlockingIOError):
            server.accept()
    assert kernel.run("print(json.dumps(sorted(name for _, name in socket.if_nameindex())))") == ["lo"]


@heavy
def test_files_next_to_the_notebook_do_not_shadow_modules(kernel):
    # The submission's files are there (the working directory is a copy of the submission folder) ...
    assert kernel.run("print(json.dumps(open('notes.txt').read()))") == "shipped with the submission"
    # ... but its numpy.py is not what `import numpy` finds.
    numpy_file = kernel.run("import numpy, sys; print(json.dumps(numpy.__file__))")
    assert numpy_file.startswith(str(Path(sys.prefix))), numpy_file
    assert kernel.run("import sys; print(json.dumps([p for p in sys.path if p in ('', '.', os.getcwd())]))") == []


@heavy
def test_jax_runs_in_the_sandbox(kernel):
    assert kernel.run("import jax; print(json.dumps(float(jax.numpy.ones(3).sum())))") == 3.0
    # Assignments may use the course's helper package (06_sharding simulates devices with it).
    assert kernel.run("from jaxcourse import checks, devices; print(json.dumps(True))")
    assert not kernel.run(f"print(json.dumps(writable({str(ROOT / 'jaxcourse' / 'x.py')!r})))")
    assert kernel.run("print(json.dumps(jax.jit(lambda x: x * 2)(jax.numpy.arange(4)).tolist()))") == [0, 2, 4, 6]


@heavy
def test_unprivileged_clean_environment(kernel):
    uid, env = kernel.run("print(json.dumps([os.getuid(), dict(os.environ)]))")
    if os.geteuid() == 0:
        assert uid != 0
    assert "NBGRADER_DB_URL" not in env
    assert not any("hunter2" in v for v in env.values())
    assert not any(k.startswith("PYTHON") and k != "PYTHONDONTWRITEBYTECODE" and k != "PYTHONHASHSEED" for k in env)
    # No capabilities, no new privileges, and no new user namespaces (a large kernel attack surface).
    status = kernel.run("print(json.dumps(open('/proc/self/status').read()))")
    assert "CapEff:\t0000000000000000" in status and "NoNewPrivs:\t1" in status
    assert kernel.run("import ctypes; print(json.dumps(ctypes.CDLL(None, use_errno=True).unshare(0x10000000)))") == -1


@heavy
def test_interrupt_reaches_the_kernel(kernel):
    """nbclient interrupts a cell that runs past its timeout; the interrupt is a message, not a signal."""
    msg_id = kernel.kc.execute("import time\nfor _ in range(600):\n    time.sleep(0.1)")
    time.sleep(3)
    kernel.km.interrupt_kernel()
    while True:
        reply = kernel.kc.get_shell_msg(timeout=60)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    assert reply["content"]["status"] == "error" and reply["content"]["ename"] == "KeyboardInterrupt"
    # ipykernel answers 'aborted' to a request that arrives while it still aborts after that error
    # (stop_on_error; a busy machine widens the window): the kernel lives when a later one runs.
    for _ in range(20):
        reply = kernel.kc.execute_interactive("pass", timeout=60)
        if reply["content"]["status"] != "aborted":
            break
        time.sleep(0.5)
    assert reply["content"]["status"] == "ok", reply["content"]
    assert kernel.run("print(json.dumps(1 + 1))") == 2


@heavy
def test_killed_kernels_leave_nothing_behind(tmp_path):
    files = fake_course(tmp_path / "course")
    workdir = tmp_path / "grading"
    first = Kernel(workdir, files["submission"])
    first.kc.stop_channels()
    first.km.shutdown_kernel(now=True)  # SIGKILL to the process group: the launcher cannot clean up
    assert len(list((workdir / "run").iterdir())) == 1
    second = Kernel(workdir, files["submission"])  # its launcher sweeps the dead kernel's folder
    try:
        assert len(list((workdir / "run").iterdir())) == 1
        assert second.run("print(json.dumps(sorted(os.listdir('.'))))") == sorted(os.listdir(files["submission"]))
    finally:
        second.close()
    assert list((workdir / "run").iterdir()) == [] and list((workdir / "ipc").iterdir()) == []


GRADER_DIES = """
import os, sys
from pathlib import Path
from jupyter_client.manager import KernelManager
from coursetools.grading import sandbox
km = KernelManager(kernel_name=sandbox.KERNEL_NAME, config=sandbox.grading_config(Path(sys.argv[1])))
km.start_kernel(cwd=sys.argv[2])
kc = km.client()
kc.start_channels()
kc.wait_for_ready(timeout=120)
print(km.provisioner.process.pid, flush=True)
os._exit(0)  # the grader dies without shutting its kernel down
"""


@heavy
def test_kernel_dies_with_its_grader(tmp_path):
    import subprocess

    files = fake_course(tmp_path / "course")
    workdir = tmp_path / "grading"
    # jupyter_client writes this bare KernelManager's connection file to $TMPDIR; the grader that dies
    # never removes it, so keep it in the test's own folder.
    proc = subprocess.run([sys.executable, "-c", GRADER_DIES, str(workdir), str(files["submission"])],
                          capture_output=True, text=True, timeout=180, env={**os.environ, "TMPDIR": str(tmp_path)})
    launcher = int(proc.stdout.split()[-1])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (Path(f"/proc/{launcher}").exists() or any((workdir / "run").iterdir())):
        time.sleep(0.2)
    assert not Path(f"/proc/{launcher}").exists(), "the kernel outlived its grader"
    assert list((workdir / "run").iterdir()) == []


# ---------------------------------------------------------------- nbgrader autograde in the sandbox


def nb_cell(kind, src, **nbgrader):
    meta = {"nbgrader": {"schema_version": 3, "grade": False, "solution": False, "locked": False, **nbgrader}}
    make = nbformat.v4.new_code_cell if kind == "code" else nbformat.v4.new_markdown_cell
    return make(src, metadata=meta)


ANSWERS = {
    # Honest, and uses a file shipped next to the notebook (the working directory is the submission).
    "alice": "SCALE = int(open('scale.txt').read())\n\ndef add(a, b):\n    return (a + b) * SCALE",
    # Tries to read the hidden tests and the gradebook, to plant files, and names another kernel.
    "mallory": """import glob, os
found = []
for pattern in [{source!r}, {gradebook!r}, {other!r}]:
    for path in glob.glob(pattern):
        try:
            found.append(open(path).read()[:20])
        except OSError:
            pass
for path in [{plant!r}, 'planted.txt']:
    try:
        open(path, 'w').write('x')
    except OSError:
        pass
print('FOUND', found, os.getuid(), os.uname().nodename)

def add(a, b):
    return a - b""",
}


def tiny_course(path: Path) -> Path:
    path.mkdir(parents=True)
    shutil.copy(ROOT / "nbgrader_config.py", path)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "jax-course", "display_name": "Python 3 (JAX course)", "language": "python"}
    nb.cells = [
        nb_cell("code", "import jax\nimport jax.numpy as jnp\n\nfrom jaxcourse.checking import run_test",
                grade_id="setup", locked=True),
        nb_cell("markdown", "## Exercise 1: add (2 points)"),
        nb_cell("code", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION",
                grade_id="add_answer", solution=True),
        nb_cell("code", '"""add works on JAX arrays."""\n\n\ndef probe():\n    return int(add(jnp.int32(1), '
                'jnp.int32(2)))\n\n\ndef check(v):\n    assert v == 3, "add(1, 2) should be 3."\n\n\n'
                'run_test(probe, check)', grade_id="add", grade=True, locked=True, points=2),
        nb_cell("code", '"""Hidden checks."""\n### BEGIN HIDDEN TESTS\ndef probe():\n    return add(-1, 1)\n\n\n'
                'def check(v):\n    assert v == 0, "add(-1, 1) should be 0."\n\n\nrun_test(probe, check)\n'
                '### END HIDDEN TESTS', grade_id="add_hidden", grade=True, locked=True, points=1),
    ]
    (path / "source" / AID).mkdir(parents=True)
    nbformat.write(nb, path / "source" / AID / f"{AID}.ipynb")
    fmt = {"source": str(path / "source" / "*" / "*.ipynb"), "gradebook": str(path / "gradebook.db"),
           "other": str(path / "submitted" / "*" / "*" / "*.ipynb"), "plant": str(path / "source" / "planted.txt")}
    for student, answer in ANSWERS.items():
        sub = nbformat.read(path / "source" / AID / f"{AID}.ipynb", as_version=4)
        sub.cells[2].source = answer.format(**fmt)
        if student == "mallory":
            sub.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        folder = path / "submitted" / student / AID
        folder.mkdir(parents=True)
        nbformat.write(sub, folder / f"{AID}.ipynb")
        (folder / "scale.txt").write_text("1")
    return path


def make_api(course: Path):
    """nbgrader's API with the course's own configuration and nothing else (no sandbox settings)."""
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    config.CourseDirectory.root = str(course)
    config.CourseDirectory.db_url = f"sqlite:///{course / 'gradebook.db'}"
    return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


def scores(course: Path) -> dict[str, float]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        return {s.student.id: s.score for s in gb.find_assignment(AID).submissions}


@heavy
def test_autograde_in_the_sandbox(tmp_path, monkeypatch):
    course = tiny_course(tmp_path / "course")
    monkeypatch.chdir(course)
    monkeypatch.delenv("JUPYTER_PATH", raising=False)
    monkeypatch.setenv("JAX_PLATFORMS", "cpu")
    monkeypatch.delenv(sandbox.OPT_OUT_ENV, raising=False)
    api = make_api(course)
    assert api.generate_assignment(AID, force=True)["success"]
    source_before = {p: p.read_bytes() for p in (course / "source").rglob("*") if p.is_file()}
    for student in ANSWERS:
        started = time.perf_counter()
        result = api.autograde(AID, student, force=True, create=True)
        assert result["success"], result.get("log", "") + result.get("error", "")
        print(f"{student}: sandboxed autograde in {time.perf_counter() - started:.1f} s")
    assert scores(course) == {"alice": 3.0, "mallory": 0.0}
    # mallory found nothing to read, planted nothing, and ran as the sandbox user despite its kernelspec.
    graded = nbformat.read(course / "autograded" / "mallory" / AID / f"{AID}.ipynb", as_version=4)
    printed = "".join(o.get("text", "") for o in graded.cells[2].outputs)
    assert "FOUND [] " in printed and printed.rstrip().endswith("sandbox"), printed
    if os.geteuid() == 0:
        assert "FOUND [] 0 " not in printed
    assert {p: p.read_bytes() for p in (course / "source").rglob("*") if p.is_file()} == source_before
    assert not (course / "submitted" / "mallory" / AID / "planted.txt").exists()
    # Every kernel's sockets, connection file and scratch folder are gone.
    workdir = sandbox.process_workdir()
    for sub in ("ipc", "run", "connections"):
        assert list((workdir / sub).iterdir()) == [], sub
