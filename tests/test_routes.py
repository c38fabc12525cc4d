"""Student code runs in the sandbox however autograding starts (issue 18).

One attack submission, the blank release of 01_jax_array plus an extra code cell that looks for
``source/``, ``solutions/`` and ``gradebook.db`` from its working directory and from the course's
absolute path, prints whatever it can read, and tries to plant a file in the course root and to
change the gradebook, is graded three ways in its own scratch course:

- ``cli``: plain ``nbgrader autograde`` and ``nbgrader generate_feedback`` on the command line;
- ``rest``: the Formgrader's REST calls on a ``jupyter server`` that the test starts on loopback
  with the course as its root and token auth, and stops after;
- ``command``: the grading command, ``python -m coursetools.grading``.

Each time: no solution or hidden-test text in the autograded notebook or the feedback, no file
written outside the submission's private copy, the gradebook holding only the two submissions' own
scores and unchanged test cells; the honest solution, graded after the attack, gets full marks.

``python tests/test_routes.py [cli|rest|command]`` prints what the attack printed on each route;
``python tests/test_routes.py timing [N]`` times a kernel's start, ``import jax`` and stop, sandboxed
and plain, then the Formgrader's autograde of the honest solution with the sandbox and with the
opt-out (``JAXCOURSE_UNSANDBOXED=1``), N rounds each, in turns (prints JSON lines; no thresholds).
"""

from __future__ import annotations

import copy
import hashlib
import html
import json
import os
import re
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import BIN, ROOT, SANDBOX, copy_course, course_env, grade_id, read_nb, shared_once, write_nb

from coursetools.bench_grading import student_copy

AID = "01_jax_array"
NB = f"{AID}_exercises.ipynb"
ATTACKER, HONEST = "attacker", "solution"
PLANTED = "planted-by-student.txt"
ROUTES = ("cli", "rest", "command")

ATTACK = '''import glob
import json
import os
import sqlite3
import tempfile

COURSE = @COURSE@
# nbgrader's markers, spelt so that this cell's own source holds none of them
BEGIN, END = "### BEGIN " + "HIDDEN TESTS", "### END " + "HIDDEN TESTS"
SOLUTION = "### BEGIN " + "SOLUTION"
here, places = os.getcwd(), []
while here not in places:
    places.append(here)
    here = os.path.dirname(here)
print("working directory:", os.getcwd())
secrets = []
for base in [*places, COURSE]:
    db = os.path.join(base, "gradebook.db")
    if os.path.exists(db):
        try:
            con = sqlite3.connect(db, timeout=5)
            hidden = [text for _, text in con.execute("SELECT name, source FROM source_cell")
                      if BEGIN in (text or "")]
            print("READ", db, len(hidden), "hidden tests")
            secrets += hidden
            con.execute("UPDATE grade SET manual_score = 100, needs_manual_grade = 0")
            con.execute("UPDATE source_cell SET source = 'pass'")
            con.execute("INSERT INTO student (id) VALUES ('intruder')")
            con.commit()
            print("CHANGED", db)
        except Exception as err:
            print("cannot change", db, type(err).__name__, err)
    for folder in ("source", "solutions"):
        if os.path.isdir(os.path.join(base, folder)):
            print("FOUND", os.path.join(base, folder), os.listdir(os.path.join(base, folder)))
        for path in sorted(glob.glob(os.path.join(base, folder, "*", "*.ipynb"))):
            try:
                cells = json.load(open(path))["cells"]
            except Exception as err:
                print("cannot read", path, type(err).__name__)
                continue
            found = ["".join(c["source"]) for c in cells
                     if SOLUTION in "".join(c["source"]) or BEGIN in "".join(c["source"])]
            print("READ", path, len(found), "solution or hidden test cells")
            secrets += found
for folder in (".", "..", "../..", "../../..", COURSE, tempfile.gettempdir()):
    path = os.path.join(folder, "planted-by-student.txt")
    try:
        with open(path, "w") as fh:
            fh.write("planted")
        print("WROTE", os.path.abspath(path))
    except OSError as err:
        print("cannot write", path, type(err).__name__)
for text in secrets:  # without nbgrader's markers, which would stop its feedback
    print(text.replace(BEGIN, "").replace(END, ""))
'''


# ---------------------------------------------------------------------------------------------
# The scratch course and what is checked in it
# ---------------------------------------------------------------------------------------------
def attack_notebook(course: Path) -> dict:
    """The blank release plus the attack as an extra code cell after the last answer."""
    nb = copy.deepcopy(read_nb(ROOT / "release" / AID / NB))
    last = max(i for i, c in enumerate(nb["cells"]) if (grade_id(c) or "").endswith("_answer"))
    code = ATTACK.replace("@COURSE@", repr(str(course)))
    nb["cells"].insert(last + 1, {"id": "attack-" + hashlib.sha1(code.encode()).hexdigest()[:12],
                                  "cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                  "source": code})
    return nb


def secret_lines() -> list[str]:
    """Distinctive lines of the instructor's solutions and hidden tests (none of them is in the release)."""
    released = "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                         for c in read_nb(ROOT / "release" / AID / NB)["cells"])
    out = []
    for cell in read_nb(ROOT / "source" / AID / NB)["cells"]:
        text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for begin, end in (("### BEGIN SOLUTION", "### END SOLUTION"),
                           ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")):
            for region in re.findall(re.escape(begin) + r"(.*?)" + re.escape(end), text, flags=re.S):
                out += [line.strip() for line in region.splitlines()
                        if len(line.strip()) >= 20 and line.strip() not in released]
    return sorted(set(out))


def make_course(folder: Path) -> Path:
    """A scratch course with the assignment in its gradebook and two submissions: the attack, the solution."""
    from coursetools.grading.course import ensure_in_gradebook

    course = copy_course(folder / "course")
    write_nb(attack_notebook(course), course / "submitted" / ATTACKER / AID / NB)
    write_nb(student_copy(AID, NB), course / "submitted" / HONEST / AID / NB)  # the solution as a student types it
    ensure_in_gradebook(course, AID)
    return course


def files(course: Path) -> dict[str, str]:
    """sha256 of every file in the course, except the gradebook (compared by its contents)."""
    return {str(p.relative_to(course)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(course.rglob("*")) if p.is_file() and not p.name.startswith("gradebook.db")}


def gradebook(course: Path) -> dict:
    """What grading may not change (the stored cells) and what it writes (students, scores), JSON-able."""
    con = sqlite3.connect(course / "gradebook.db")
    try:
        return {
            "source_cells": sorted(con.execute("SELECT name, source, checksum, locked FROM source_cell").fetchall()),
            "grade_cells": sorted(con.execute("SELECT b.name, g.max_score FROM grade_cells g JOIN base_cell b "
                                             "ON b.id = g.id").fetchall()),
            "students": sorted(r[0] for r in con.execute("SELECT id FROM student")),
            "manual_scores": con.execute("SELECT count(*) FROM grade WHERE manual_score IS NOT NULL").fetchone()[0],
        }
    finally:
        con.close()


def scores(course: Path) -> dict[str, list[float]]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        return {s.student.id: [s.score, s.max_score] for s in gb.find_assignment(AID).submissions}


def attack_output(course: Path) -> str:
    """What the attack's cell printed, from the autograded notebook."""
    nb = read_nb(course / "autograded" / ATTACKER / AID / NB)
    cells = [c for c in nb["cells"] if "COURSE = " in "".join(c.get("source", ""))]
    return "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", []))


def visible_text(path: Path) -> str:
    """The outputs of a notebook (its sources are the instructor's cells and the student's own), or
    all the text of an HTML page (the feedback)."""
    if path.suffix == ".ipynb":
        nb = read_nb(path)
        parts = []
        for c in nb["cells"]:
            for o in c.get("outputs", []):
                parts.append("".join(o.get("text", "")))
                parts += ["".join(v) if isinstance(v, list) else str(v) for v in o.get("data", {}).values()]
                parts += [o.get("evalue", ""), *o.get("traceback", [])]
        return "\n".join(parts)
    return html.unescape(re.sub(r"<[^>]+>", "", path.read_text()))


# ---------------------------------------------------------------------------------------------
# The three routes
# ---------------------------------------------------------------------------------------------
def route_env(folder: Path, **extra: str) -> dict[str, str]:
    """nbgrader's environment with a private TMPDIR and Jupyter folders (checked for leftovers)."""
    tmp = folder / "tmp"
    jupyter = folder / "jupyter"
    for sub in (tmp, jupyter / "config", jupyter / "data", jupyter / "runtime"):
        sub.mkdir(parents=True, exist_ok=True)
    return course_env(TMPDIR=str(tmp), JUPYTER_CONFIG_DIR=str(jupyter / "config"),
                      JUPYTER_DATA_DIR=str(jupyter / "data"), JUPYTER_RUNTIME_DIR=str(jupyter / "runtime"), **extra)


def run(cmd: list[str], course: Path, env: dict[str, str], timeout: float = 900) -> str:
    proc = subprocess.run(cmd, cwd=course, env=env, capture_output=True, text=True, timeout=timeout)
    return f"$ {' '.join(cmd[-4:])} (exit {proc.returncode})\n{proc.stdout}{proc.stderr}"


def grade_by_cli(course: Path, env: dict[str, str], students=(ATTACKER, HONEST), flags=()) -> str:
    nbgrader = str(BIN / "nbgrader")
    log = ""
    for student in students:
        log += run([nbgrader, "autograde", AID, f"--student={student}", "--force", *flags], course, env)
    return log + run([nbgrader, "generate_feedback", AID, "--force"], course, env)


class JupyterServer:
    """``jupyter server`` on a free loopback port with the course as its root and a random token.

    As on a JupyterHub, it runs in the instructor's home folder (``cwd``), not in the course, and
    finds the course through the instructor's Jupyter config folder: an ``nbgrader_config.py`` that
    loads the course's own and names its root and gradebook (see :func:`instructor_config`).
    """

    def __init__(self, course: Path, env: dict[str, str], log_path: Path, cwd: Path | None = None):
        self.course, self.env, self.log_path = course, env, log_path
        self.cwd = cwd or course
        self.token = secrets.token_hex(16)
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> JupyterServer:
        for _attempt in range(3):
            with socket.socket() as sock:
                sock.bind(("127.0.0.1", 0))
                port = sock.getsockname()[1]
            self.base = f"http://127.0.0.1:{port}"
            cmd = [str(BIN / "jupyter"), "server", "--no-browser", "--ServerApp.ip=127.0.0.1", f"--port={port}",
                   "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
                   f"--ServerApp.root_dir={self.course}"]
            if os.geteuid() == 0:
                cmd.append("--allow-root")
            with open(self.log_path, "w") as log:
                self.proc = subprocess.Popen(cmd, cwd=self.cwd, env=self.env, stdout=log,
                                             stderr=subprocess.STDOUT, start_new_session=True)
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    self.call("GET", "/api/status", timeout=2)
                    return self
                except (OSError, urllib.error.URLError):
                    time.sleep(0.3)
            if self.proc.poll() is None:
                self.__exit__(None, None, None)
                raise RuntimeError(f"jupyter server did not answer:\n{self.log()}")
            if "is not available" not in self.log():
                raise RuntimeError(f"jupyter server exited with {self.proc.returncode}:\n{self.log()}")
        raise RuntimeError(f"no free port for jupyter server:\n{self.log()}")

    def __exit__(self, *exc) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # a clean shutdown: the server runs its exit handlers
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        try:  # whatever is left of its session (kernels it started)
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=30)

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""

    def call(self, method: str, path: str, timeout: float = 30):
        req = urllib.request.Request(self.base + path, method=method, data=b"" if method == "POST" else None,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=timeout) as reply:
            text = reply.read().decode()
        return json.loads(text) if text else {}


def instructor_config(course: Path, env: dict[str, str]) -> Path:
    """The instructor's home folder, and in their Jupyter config folder the nbgrader_config.py a
    hub's Formgrader needs (the server does not start in the course)."""
    home = course.parent / "home"
    home.mkdir(exist_ok=True)
    (Path(env["JUPYTER_CONFIG_DIR"]) / "nbgrader_config.py").write_text(
        "c = get_config()  # noqa: F821\n"
        f"load_subconfig('nbgrader_config.py', {str(course)!r})  # noqa: F821\n"
        f"c.CourseDirectory.root = {str(course)!r}\n"
        f"c.CourseDirectory.db_url = {'sqlite:///' + str(course / 'gradebook.db')!r}\n")
    return home


def grade_by_rest(course: Path, env: dict[str, str], students=(ATTACKER, HONEST), flags=()) -> str:
    log = ""
    with JupyterServer(course, env, course.parent / "server.log", cwd=instructor_config(course, env)) as server:
        for student in students:
            reply = server.call("POST", f"/formgrader/api/submission/{AID}/{student}/autograde", timeout=900)
            log += (f"POST autograde {student}: success={reply.get('success')}\n{reply.get('log', '')}"
                    f"{reply.get('error', '')}\n")
        for student in students:
            reply = server.call("POST", f"/formgrader/api/assignment/{AID}/{student}/generate_feedback", timeout=300)
            log += f"POST generate_feedback {student}: success={reply.get('success')}\n{reply.get('error', '')}\n"
    return log + "--- server log ---\n" + server.log()


def grade_by_command(course: Path, env: dict[str, str], students=(ATTACKER, HONEST), flags=()) -> str:
    chosen = [f"--student={s}" for s in students]
    return run([sys.executable, "-m", "coursetools.grading", AID, "--workers", "1", *chosen, *flags], course, env)


GRADERS = {"cli": grade_by_cli, "rest": grade_by_rest, "command": grade_by_command}


def grade_route(route: str, folder: Path, students=(ATTACKER, HONEST), flags=(), **extra_env: str) -> dict:
    """Grade ``students`` (the attack, then the solution) through ``route`` in a fresh scratch course
    (JSON-able: the log, what changed in the course and its gradebook, what the attack printed)."""
    course = make_course(folder)
    env = route_env(folder, **extra_env)
    before, stored = files(course), gradebook(course)
    started = time.perf_counter()
    log = GRADERS[route](course, env, students, flags)
    seconds = time.perf_counter() - started
    after = files(course)
    for base in (Path(env["TMPDIR"]), course.parent):  # files the attack tried to plant outside the course
        if (base / PLANTED).exists():
            after[f"../{base.name}/{PLANTED}"] = "planted"
    # What grading left in the temporary and Jupyter runtime folders (the server's own cookie secret aside).
    leftovers = sorted(str(p.relative_to(folder)) for p in [*Path(env["TMPDIR"]).iterdir(),
                                                            *Path(env["JUPYTER_RUNTIME_DIR"]).iterdir()]
                       if p.name != "jupyter_cookie_secret")
    autograded = course / "autograded"
    texts = {str(p.relative_to(course)): visible_text(p)
             for p in [*autograded.rglob("*.ipynb"), *(course / "feedback").rglob("*.html")]}
    printed = attack_output(course) if (autograded / ATTACKER / AID / NB).exists() else None
    return {"course": str(course), "log": log, "seconds": seconds, "printed": printed,
            "changed": sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k)),
            "stored_before": stored, "stored_after": gradebook(course), "scores": scores(course),
            "texts": texts, "leftovers": leftovers}


# ---------------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """{route: result}, each route graded once per run (even across xdist workers)."""
    if not SANDBOX:
        pytest.skip("bubblewrap is not installed or cannot start here: run scripts/system-deps.sh as root")

    class Routes(dict):
        def __missing__(self, route):
            data = shared_once(tmp_path_factory, f"routes-{route}", lambda folder: grade_route(route, folder))
            self[route] = data
            return data

    return Routes()


def by_route(test):
    """One test per route, each route in its own xdist group (its grading then runs on one worker)."""
    params = [pytest.param(r, id=r, marks=pytest.mark.xdist_group(f"routes-{r}")) for r in ROUTES]
    return pytest.mark.slow(pytest.mark.parametrize("route", params)(test))


def expected_changes(route: str, students=(ATTACKER, HONEST)) -> set[str]:
    """The files grading itself writes: the graded notebooks and the feedback (the command's
    reports/ are not counted: compare what :func:`written` returns)."""
    return {f"{top}/{s}/{AID}/{name}" for s in students
            for top, name in (("autograded", NB), ("feedback", NB.replace(".ipynb", ".html")))}


def written(result: dict, route: str) -> set[str]:
    """The files grading changed, less nbgrader's log and the grading command's reports/."""
    changed = set(result["changed"]) - {".nbgrader.log"}
    if route == "command":
        assert f"reports/{AID}.csv" in changed, sorted(changed)
        changed = {p for p in changed if not p.startswith("reports/")}
    return changed


@by_route
def test_the_attack_reads_nothing(graded, route):
    result = graded[route]
    printed = result["printed"]
    assert printed and "working directory:" in printed, f"the attack did not run:\n{result['log'][-3000:]}"
    for word in ("FOUND", "READ", "CHANGED"):
        assert f"\n{word} " not in f"\n{printed}", f"the attack on route {route} printed:\n{printed[:3000]}"
    secrets_ = secret_lines()
    assert len(secrets_) > 20  # the check below means something
    attacker_files = {name: text for name, text in result["texts"].items() if f"/{ATTACKER}/" in name}
    assert len(attacker_files) == 2, sorted(result["texts"])  # its graded notebook and its feedback
    for name, text in attacker_files.items():
        leaked = [line for line in secrets_ if line in text]
        assert not leaked, f"{name} shows {len(leaked)} lines of solutions or hidden tests, e.g. {leaked[:3]}"


@by_route
def test_the_attack_writes_nothing_outside_its_private_copy(graded, route):
    result = graded[route]
    changed = written(result, route)
    expected = expected_changes(route)
    assert changed == expected, f"unexpected: {sorted(changed - expected)}, missing: {sorted(expected - changed)}"
    # Its own working directory was a private copy: what it planted there went with it.
    assert f"WROTE /home/student/work/{PLANTED}" in result["printed"], result["printed"]


@by_route
def test_the_gradebook_holds_only_the_submissions_own_scores(graded, route):
    result = graded[route]
    before, after = result["stored_before"], result["stored_after"]
    assert after["source_cells"] == before["source_cells"], "the stored test cells changed"
    assert after["grade_cells"] == before["grade_cells"]
    assert after["students"] == sorted([ATTACKER, HONEST]) and after["manual_scores"] == 0, after
    score, max_score = result["scores"][ATTACKER]
    assert score == 0 < max_score, f"the attack (a blank release plus one cell) scored {score}/{max_score}"
    score, max_score = result["scores"][HONEST]
    assert score == max_score > 0, f"the honest solution, graded after the attack, scored {score}/{max_score}"


@by_route
def test_no_temporary_files_are_left(graded, route):
    assert graded[route]["leftovers"] == [], graded[route]["leftovers"]


FAKE_BWRAP = "#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n"
STOP_WORDS = ("the bubblewrap sandbox cannot run here", "install the Debian package bubblewrap",
              "c.TrustedExecute.sandbox = False", "JAXCOURSE_UNSANDBOXED=1")


@by_route
def test_grading_stops_when_the_sandbox_cannot_start(tmp_path, route):
    """A bwrap that fails to start: every route stops with the reason, before any student code runs."""
    fake = tmp_path / "fakebin"
    fake.mkdir()
    (fake / "bwrap").write_text(FAKE_BWRAP)
    (fake / "bwrap").chmod(0o755)
    path = os.pathsep.join([str(fake), str(BIN), os.environ.get("PATH", "")])
    result = grade_route(route, tmp_path, students=(ATTACKER,), PATH=path)
    log = " ".join(result["log"].split())
    for words in STOP_WORDS:
        assert words in log, f"{route}: {words!r} not in:\n{result['log'][-3000:]}"
    assert result["printed"] is None, result["printed"]  # the attack never ran
    assert not {p for p in set(result["changed"]) - {".nbgrader.log"} if not p.startswith("reports/")}, \
        result["changed"]
    # nbgrader may have recorded the submission (with nothing graded) before the preprocessor stopped it.
    assert result["stored_after"]["students"] in ([], [ATTACKER]), result["stored_after"]
    assert all(score == 0 for score, _ in result["scores"].values()), result["scores"]
    assert result["stored_after"]["source_cells"] == result["stored_before"]["source_cells"]
    assert result["leftovers"] == []


@by_route
def test_the_opt_out_says_unsandboxed(tmp_path, route):
    """JAXCOURSE_UNSANDBOXED=1 (--no-sandbox for the command): graded as before, and it says so."""
    flags = ("--no-sandbox",) if route == "command" else ()
    extra = {} if route == "command" else {"JAXCOURSE_UNSANDBOXED": "1"}
    result = grade_route(route, tmp_path, students=(HONEST,), flags=flags, **extra)
    assert "unsandboxed" in result["log"].lower(), result["log"][-3000:]
    score, max_score = result["scores"][HONEST]
    assert score == max_score > 0, result["log"][-3000:]
    if route == "command":
        report = (Path(result["course"]) / "reports" / f"{AID}.csv").read_text().splitlines()
        assert report[0].endswith(",sandbox") and report[1].endswith(",unsandboxed"), report


def time_rest(rounds: int = 5) -> None:
    """Print the Formgrader's autograde time of the honest solution with the sandbox and with the
    opt-out: two servers, one of each, called in turns, so that both see the same machine load."""
    import contextlib
    import statistics
    import tempfile

    modes = {"sandboxed": {}, "unsandboxed": {"JAXCOURSE_UNSANDBOXED": "1"}}
    with contextlib.ExitStack() as stack:
        servers = {}
        for label, extra in modes.items():
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=f"routes-timing-{label}-")))
            course = make_course(tmp)
            env = route_env(tmp, **extra)
            servers[label] = stack.enter_context(JupyterServer(course, env, tmp / "server.log",
                                                               cwd=instructor_config(course, env)))
        times: dict[str, list[float]] = {label: [] for label in modes}
        for _ in range(rounds):
            for label, server in servers.items():
                started = time.perf_counter()
                reply = server.call("POST", f"/formgrader/api/submission/{AID}/{HONEST}/autograde", timeout=900)
                times[label].append(time.perf_counter() - started)
                assert reply.get("success"), reply
    for label, values in times.items():
        print(json.dumps({"route": "rest", "mode": label, "seconds": [round(t, 2) for t in values],
                          "first": round(values[0], 2), "median_after_first": round(statistics.median(values[1:]), 2)}))
    extra = [a - b for a, b in zip(times["sandboxed"][1:], times["unsandboxed"][1:], strict=True)]
    print(json.dumps({"route": "rest", "sandbox_extra_seconds_median": round(statistics.median(extra), 2),
                      "first_call_extra_seconds": round(times["sandboxed"][0] - times["unsandboxed"][0], 2),
                      "load_average": os.getloadavg()}))


def time_kernel_start(rounds: int = 5) -> None:
    """Print how long a kernel takes to start, answer and stop, sandboxed and plain, in turns."""
    import statistics
    import tempfile

    from jupyter_client.manager import KernelManager

    from coursetools.grading import sandbox

    with tempfile.TemporaryDirectory(prefix="routes-kernel-") as tmp:
        times: dict[str, list[float]] = {"sandboxed": [], "unsandboxed": []}
        for _ in range(rounds):
            for label in times:
                started = time.perf_counter()
                km = sandbox.kernel_manager(KernelManager) if label == "sandboxed" else KernelManager(
                    kernel_name="python3")
                km.start_kernel(cwd=tmp)
                kc = km.client()
                kc.start_channels()
                kc.wait_for_ready(timeout=120)
                kc.execute_interactive("import jax; jax.numpy.ones(3).sum().block_until_ready()", timeout=120,
                                       output_hook=lambda msg: None)
                kc.stop_channels()
                km.shutdown_kernel(now=False)
                times[label].append(time.perf_counter() - started)
    print(json.dumps({"kernel_start_import_jax_stop_seconds": {k: [round(t, 2) for t in v] for k, v in times.items()},
                      "median_extra_seconds": round(statistics.median(
                          a - b for a, b in zip(times["sandboxed"], times["unsandboxed"], strict=True)), 2),
                      "load_average": os.getloadavg()}))


if __name__ == "__main__":
    import tempfile

    if sys.argv[1:2] == ["timing"]:
        time_kernel_start(int(sys.argv[2]) if len(sys.argv) > 2 else 5)
        time_rest(int(sys.argv[2]) if len(sys.argv) > 2 else 5)
        sys.exit()
    for route in sys.argv[1:] or ROUTES:
        with tempfile.TemporaryDirectory(prefix=f"routes-{route}-") as tmp:
            result = grade_route(route, Path(tmp))
            print(f"===== {route}: {result['seconds']:.1f} s, scores {result['scores']}")
            printed = result["printed"]
            print(f"--- the attack printed ({len(printed)} characters); its first lines:")
            print("\n".join(line[:160] for line in printed.splitlines()[:14]))
            leaked = {name: [s for s in secret_lines() if s in text] for name, text in result["texts"].items()
                      if ATTACKER in name}
            print("--- secret lines found:", {k: len(v) for k, v in leaked.items()})
            print("--- files changed:", result["changed"])
            unchanged = result["stored_after"]["source_cells"] == result["stored_before"]["source_cells"]
            print("--- gradebook:", {k: v for k, v in result["stored_after"].items() if k != "source_cells"},
                  "source cells unchanged:", unchanged)
            print("--- leftovers:", result["leftovers"])
            print("--- log tail:\n" + result["log"][-1500:])
