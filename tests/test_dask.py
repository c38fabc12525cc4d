"""The grading command on a Dask cluster (coursetools/grading/backends/dask_cluster.py), gradebook on PostgreSQL.

Each test starts a real Dask scheduler and worker processes (``dask scheduler`` / ``dask worker``)
and a PostgreSQL server, all on loopback, and stops them after: nothing they started may still run,
and no grading folder may be left in the workers' temporary directory.

- Stored submissions of two assignments graded through the cluster get exactly the scores, cell by
  cell, that the local mode gave the same notebooks (tests/test_grading.py's shared round trip);
  workers that lack the course files or the sandbox are reported by name and grade nothing.
- A worker SIGKILLed while it grades loses nothing: the gradebook holds exactly submissions x graded
  cells rows, with the scores the local mode gives. That cluster speaks only TLS, with temporary
  certificates the test makes (distributed's ``Security``): the scheduler and workers get them on
  their command lines, the grading command through Dask's configuration (``DASK_DISTRIBUTED__COMM__TLS__*``),
  as the instructor guide's "A cluster with TLS" says; a client with another certificate is refused.
- Fast ones: SQLite is refused when a worker is on another machine; a task that fails for good
  (``KilledWorker``) becomes ``failed`` with no grade and no feedback left behind.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from conftest import BIN, SANDBOX, copy_course, course_env
from test_grading_parallel import AID as TINY
from test_grading_parallel import STUDENTS as TINY_STUDENTS
from test_grading_parallel import (
    grade_rows,
    postgres,  # noqa: F401 (the PostgreSQL fixture)
    tiny_course,
)

pytest.importorskip("distributed", reason="dask[distributed] is not installed (pip install -r requirements.txt)")
psutil = pytest.importorskip("psutil")

#: Stored submissions graded through the cluster (tests/test_grading.py's plan names them).
#: Every kind of outcome once (full marks, zero, part, a kernel that dies), and a second assignment.
PICKS = {"01_jax_array": ["solution", "blank", "wrong1", "kernelkiller"],
         "02_async_dispatch": ["wrong1"]}
LEFTOVERS = ("jaxcourse-grading-*", "jaxcourse-checker-*")


def make_certificates(folder: Path) -> dict[str, Path]:
    """A temporary self-signed certificate (its own CA) and key, as files: ca, cert, key."""
    from distributed import Security

    sec = Security.temporary()
    files = {"ca": folder / "ca.pem", "cert": folder / "cert.pem", "key": folder / "key.pem"}
    files["ca"].write_text(sec.tls_ca_file)
    files["cert"].write_text(sec.tls_client_cert)
    files["key"].write_text(sec.tls_client_key)
    files["key"].chmod(0o600)
    return files


def tls_env(certs: dict[str, Path]) -> dict[str, str]:
    """Dask's configuration, as environment variables, for a client that speaks TLS only."""
    prefix = "DASK_DISTRIBUTED__COMM__"
    return {f"{prefix}REQUIRE_ENCRYPTION": "True", f"{prefix}TLS__CA_FILE": str(certs["ca"]),
            f"{prefix}TLS__CLIENT__CERT": str(certs["cert"]), f"{prefix}TLS__CLIENT__KEY": str(certs["key"])}


class Cluster:
    """A Dask scheduler and worker processes on loopback; ``stop`` checks that nothing is left running.

    With ``certs`` (:func:`make_certificates`) every connection is TLS, the scheduler's address ``tls://``."""

    def __init__(self, folder: Path, tmpdir: Path, certs: dict[str, Path] | None = None):
        self.folder, self.tmpdir, self.certs = folder, tmpdir, certs
        self.procs: dict[str, subprocess.Popen] = {}
        self.env = course_env(TMPDIR=str(tmpdir))
        self.tls = ([] if not certs else
                    ["--tls-ca-file", certs["ca"], "--tls-cert", certs["cert"], "--tls-key", certs["key"]])
        self.file = folder / "scheduler.json"
        self._start("scheduler", [BIN / "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                                  *(["--protocol", "tls", *self.tls] if certs else []),
                                  "--no-dashboard", "--scheduler-file", self.file], self.env)
        deadline = time.monotonic() + 60
        while not self.file.exists():
            assert self.procs["scheduler"].poll() is None, self.log("scheduler")
            assert time.monotonic() < deadline, "the Dask scheduler did not start in 60 s"
            time.sleep(0.2)
        time.sleep(0.2)  # the file is written in one go, but give it a moment
        self.address = json.loads(self.file.read_text())["address"]
        self.seen: set[int] = set()  # every process that ran under a worker (kernels, checker, sandbox)

    def _start(self, name: str, cmd: list, env: dict) -> None:
        log = open(self.folder / f"{name}.log", "w")  # noqa: SIM115 (closed with the process)
        self.procs[name] = subprocess.Popen([str(c) for c in cmd], stdout=log, stderr=subprocess.STDOUT, env=env,
                                            cwd=self.folder, start_new_session=True)
        log.close()

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text()[-3000:]

    def add_worker(self, name: str, **env: str) -> None:
        self._start(name, [BIN / "dask", "worker", "--scheduler-file", self.file, "--name", name, "--nthreads", "1",
                           "--host", "127.0.0.1", "--no-dashboard", "--death-timeout", "60", *self.tls],
                    {**self.env, **env})

    def security(self):
        from distributed import Security

        if not self.certs:
            return None
        return Security(tls_ca_file=str(self.certs["ca"]), tls_client_cert=str(self.certs["cert"]),
                        tls_client_key=str(self.certs["key"]), require_encryption=True)

    def client(self):
        from distributed import Client

        return Client(self.address, timeout=30, security=self.security())

    def wait_for_workers(self, n: int) -> None:
        with self.client() as client:
            client.wait_for_workers(n, timeout=120)

    def remember_children(self) -> None:
        for proc in self.procs.values():
            try:
                self.seen |= {p.pid for p in psutil.Process(proc.pid).children(recursive=True)}
            except psutil.NoSuchProcess:
                pass

    def stop(self) -> list[str]:
        """Stop workers, then the scheduler; what is still running 30 s later (should be nothing)."""
        self.remember_children()
        for name, proc in self.procs.items():
            if name != "scheduler" and proc.poll() is None:
                proc.send_signal(signal.SIGTERM)  # the nanny closes its worker, the worker its kernels
        for name, proc in self.procs.items():
            if name != "scheduler":
                _wait(proc)
        _wait(self.procs["scheduler"], signal.SIGTERM)
        deadline = time.monotonic() + 30
        alive = [pid for pid in self.seen if psutil.pid_exists(pid)]
        while alive and time.monotonic() < deadline:
            time.sleep(0.5)
            alive = [pid for pid in alive if _running(pid)]
        return [f"{pid}: {_cmdline(pid)}" for pid in alive]


def _wait(proc: subprocess.Popen, sig: int | None = None) -> None:
    if sig is not None and proc.poll() is None:
        proc.send_signal(sig)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # only this test's process group (start_new_session)
        proc.wait(10)


def _running(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _cmdline(pid: int) -> str:
    try:
        return " ".join(psutil.Process(pid).cmdline())[:200]
    except psutil.NoSuchProcess:
        return "(gone)"


@pytest.fixture
def server_pids():
    """Request before ``postgres``: its teardown runs after the server's and checks that the server is gone."""
    pids: list[int] = []
    yield pids
    deadline = time.monotonic() + 30
    while any(_running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not [_cmdline(pid) for pid in pids if _running(pid)], "PostgreSQL still runs after the test"


def postmaster(url: str) -> int:
    """The PostgreSQL server's process id, read through one of its backends."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:  # ask while the backend lives: it exits with its connection
            backend = conn.execute(text("SELECT pg_backend_pid()")).scalar()
            return psutil.Process(backend).ppid()
    finally:
        engine.dispose()


@pytest.fixture
def worker_tmp():
    """The workers' temporary directory: where their grading folders live (and must not be left)."""
    folder = Path(tempfile.mkdtemp(prefix="dasktest-tmp-"))
    folder.chmod(0o711)  # the sandbox's user must reach the kernel's folder inside it
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["tcp"])
def cluster(request, tmp_path, worker_tmp):
    certs = make_certificates(tmp_path) if request.param == "tls" else None
    c = Cluster(tmp_path, worker_tmp, certs)
    try:
        yield c
    finally:
        left = c.stop()
        assert not left, f"processes left running after the Dask cluster stopped: {left}"
        leftovers = [p.name for pattern in LEFTOVERS for p in worker_tmp.glob(pattern)]
        assert not leftovers, f"grading folders left in the workers' temporary directory: {leftovers}"


def cells_by_student(url: str, assignment: str) -> dict[str, dict[str, tuple[float, float]]]:
    from nbgrader.api import Gradebook

    with Gradebook(url) as gb:
        return {s.student.id: {g.name: (g.score, g.max_score) for nb in s.notebooks for g in nb.grades}
                for s in gb.find_assignment(assignment).submissions}


@pytest.mark.slow
@pytest.mark.xdist_group("dask")
def test_dask_grades_as_the_local_mode(server_pids, tmp_path, tmp_path_factory, postgres, cluster,  # noqa: F811
                                       monkeypatch, capsys):
    server_pids.append(postmaster(postgres))
    from test_grading import Graded

    from coursetools.grading.pipeline import grade

    local = Graded(tmp_path_factory)  # the local mode's results, graded once per test run and shared
    course = copy_course(tmp_path / "course")
    for aid, students in PICKS.items():
        for student in students:
            shutil.copytree(local[aid]["course"] / "submitted" / student / aid, course / "submitted" / student / aid)
    capsys.readouterr()  # what the local round trip printed, if it ran just now
    elsewhere = tmp_path / "not-the-course"
    elsewhere.mkdir()
    cluster.add_worker("good-1")
    cluster.add_worker("good-2")
    cluster.add_worker("no-course", JAXCOURSE_WORKER_COURSE=str(elsewhere))
    if SANDBOX:
        cluster.add_worker("no-sandbox", JAXCOURSE_SANDBOX_USER="no-such-user-here")
    cluster.wait_for_workers(4 if SANDBOX else 3)
    monkeypatch.setenv("NBGRADER_DB_URL", postgres)

    for aid, students in PICKS.items():
        results = {r.student: r for r in grade(aid, course, timeout=300, sandboxed=SANDBOX, scheduler=cluster.address)}
        out = capsys.readouterr().out
        cluster.remember_children()
        assert re.search(rf"Dask worker no-course \(tcp://127\.0\.0\.1:\d+\) cannot grade.*release/{aid} is missing",
                         out), out
        if SANDBOX:
            assert re.search(r"Dask worker no-sandbox \(.*\) cannot grade.*sandbox", out), out
        assert f"2 Dask worker(s), {'in the sandbox' if SANDBOX else 'UNSANDBOXED'}" in out, out
        assert json.loads(out.strip().splitlines()[-1])["backend"] == "dask"
        assert sorted(results) == sorted(students)
        mine = cells_by_student(postgres, aid)
        for student in students:
            theirs, r = local[aid]["results"][student], results[student]
            assert (r.status, r.score, r.max_score) == (theirs.status, theirs.score, theirs.max_score), (r, theirs)
            assert list((course / "feedback" / student / aid).glob("*.html")), f"no feedback for {student}"
            if r.status == "failed":  # failed means no grade anywhere, as locally
                assert student not in mine and not (course / "autograded" / student / aid).exists(), student
                continue
            assert mine[student] == {k: tuple(v) for k, v in local[aid]["cells"][student].items()}, student
            assert (course / "autograded" / student / aid).is_dir()
        # Exactly one row per graded submission and graded cell: none lost, none doubled.
        rows = [(s, c) for s, cells in mine.items() for c in cells]
        graded = [s for s in students if results[s].status != "failed"]
        assert len(rows) == len(set(rows)) == sum(len(local[aid]["cells"][s]) for s in graded)
        if "kernelkiller" in results:  # handled as locally: graded on a fresh kernel, then zero with the reason
            assert results["kernelkiller"].status == "check" and "kernel died" in results["kernelkiller"].reason
        assert (course / "reports" / f"{aid}.csv").exists() and (course / "reports" / f"{aid}_exercises.csv").exists()
    assert not (course / "gradebook.db").exists(), "a SQLite gradebook was written instead of PostgreSQL"
    with cluster.client() as client:
        executed = client.run(lambda dask_worker: dask_worker.state.executed_count)
        names = {addr: info["name"] for addr, info in client.scheduler_info(n_workers=-1)["workers"].items()}
    done = {names[a]: n for a, n in executed.items()}
    assert done["no-course"] == done.get("no-sandbox", 0) == 0, f"an unfit worker graded: {done}"
    assert done["good-1"] + done["good-2"] == sum(map(len, PICKS.values())), done


@pytest.mark.slow
@pytest.mark.xdist_group("dask")
@pytest.mark.parametrize("cluster", ["tls"], indirect=True)
def test_a_worker_killed_while_grading_loses_nothing(server_pids, tmp_path, postgres, cluster,  # noqa: F811
                                                     worker_tmp, monkeypatch):
    """On a cluster that speaks TLS only (the workers hold the solutions: nothing travels in clear)."""
    server_pids.append(postmaster(postgres))
    from distributed import Client, Security

    assert cluster.address.startswith("tls://"), cluster.address
    with pytest.raises((OSError, TimeoutError)):  # a client with a certificate the cluster's CA did not sign
        Client(cluster.address, timeout=5, security=Security.temporary())
    from coursetools.grading.pipeline import grade

    # The local mode first, for the scores and for its own leftovers (its workers inherit TMPDIR).
    local_course = tiny_course(tmp_path / "local")
    monkeypatch.setenv("TMPDIR", str(worker_tmp))
    monkeypatch.setattr(tempfile, "tempdir", None)
    expected = {r.student: (r.status, r.score) for r in grade(TINY, local_course, workers=2, timeout=300,
                                                             feedback=False, sandboxed=SANDBOX)}
    leftovers = [p.name for pattern in LEFTOVERS for p in worker_tmp.glob(pattern)]
    assert not leftovers, f"the local mode left grading folders: {leftovers}"

    course = tiny_course(tmp_path / "course")
    monkeypatch.setenv("NBGRADER_DB_URL", postgres)
    from coursetools.grading.course import ensure_in_gradebook

    ensure_in_gradebook(course, TINY)  # release/, as the run will find it
    # w2 has its own copy of the course (config, source, release): submissions travel with the tasks.
    copy = tmp_path / "w2-course"
    copy.mkdir()
    shutil.copy(course / "nbgrader_config.py", copy)
    for folder in ("source", "release"):
        shutil.copytree(course / folder, copy / folder)
    cluster.add_worker("w1")
    cluster.add_worker("w2", JAXCOURSE_WORKER_COURSE=str(copy))
    cluster.wait_for_workers(2)
    flags = [] if SANDBOX else ["--no-sandbox"]
    proc = subprocess.Popen([sys.executable, "-m", "coursetools.grading", TINY, "--course", str(course),
                             "--no-feedback", "--scheduler", cluster.address, *flags],
                            env=course_env(NBGRADER_DB_URL=postgres, **tls_env(cluster.certs)),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        with cluster.client() as client:
            pids = client.run(os.getpid)
            (victim,) = [a for a, w in client.scheduler_info()["workers"].items() if w["name"] == "w1"]
            deadline = time.monotonic() + 120
            while not any(k.startswith("grade-") for k in client.processing().get(victim, ())):
                assert proc.poll() is None and time.monotonic() < deadline, "w1 never started grading"
                time.sleep(0.05)
            children = []
            while not any("ipykernel" in _cmdline(pid) or "grading.sandbox" in _cmdline(pid) for pid in children):
                assert time.monotonic() < deadline, "the busy worker never started a kernel"
                children = [p.pid for p in psutil.Process(pids[victim]).children(recursive=True)]
                time.sleep(0.02)
            cluster.seen |= set(children)
            lost = [k for k in client.processing()[victim] if k.startswith("grade-")]
            os.kill(pids[victim], signal.SIGKILL)
            out, _ = proc.communicate(timeout=300)
            done = {w["name"]: n for a, n in client.run(lambda dask_worker: dask_worker.state.executed_count).items()
                    for w in [client.scheduler_info()["workers"][a]]}
        # Its kernel was running, so the submission it was grading (lost) can only have been graded again elsewhere.
        assert lost, "the killed worker was grading nothing"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, out
    summary = json.loads(out.strip().splitlines()[-1])
    assert (summary["graded"], summary["failed"], summary["backend"]) == (len(TINY_STUDENTS), 0, "dask"), out
    report = (course / "reports" / f"{TINY}.csv").read_text().splitlines()[1:]
    got = {line.split(",")[0]: (line.split(",")[3], float(line.split(",")[1])) for line in report}
    assert got == expected, (got, expected)
    rows = grade_rows(postgres)
    assert len(rows) == len(TINY_STUDENTS) * 2 == len({(s, g) for s, g, _ in rows}), rows
    # w2 graded in its own copy, sent the results back and kept no student's files.
    assert done["w2"] >= 1, done
    assert sorted(p.parent.name for p in (course / "autograded").glob(f"*/{TINY}")) == sorted(TINY_STUDENTS)
    kept = [str(p.relative_to(copy)) for p in copy.rglob("*") if p.parts[len(copy.parts)] in ("submitted", "autograded")
            and p.is_file()]
    assert not kept, f"w2's copy of the course kept student files: {kept}"
    assert not list(course.glob(".jaxcourse-dask-run-*")), "the run's marker file is left in the course"
    # The killed worker's kernel, sandbox and checker did not outlive it, nor did its grading folder.
    deadline = time.monotonic() + 30
    while any(_running(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not [_cmdline(pid) for pid in children if _running(pid)], "the killed worker's children still run"
    assert not list(worker_tmp.glob(f"jaxcourse-grading-{pids[victim]}-*")), "the killed worker's folder is left"


def test_sqlite_is_refused_when_a_worker_is_on_another_machine():
    from coursetools.grading.backends.dask_cluster import is_local_address, sqlite_refusal

    assert is_local_address("tcp://127.0.0.1:8786") and is_local_address("tcp://[::1]:8786")
    assert not is_local_address("tcp://192.0.2.7:8786", local=set())  # TEST-NET-1: never this machine
    message = sqlite_refusal("sqlite:////course/gradebook.db", ["tcp://127.0.0.1:1", "tcp://192.0.2.7:8786"])
    assert "192.0.2.7" in message and "PostgreSQL" in message and message.count(". ") == 0
    assert sqlite_refusal("sqlite:////course/gradebook.db", ["tcp://127.0.0.1:1"]) == ""
    assert sqlite_refusal("postgresql+psycopg2://g@db:5432/gb", ["tcp://192.0.2.7:8786"]) == ""


def test_a_task_that_fails_for_good_leaves_no_grade_and_no_feedback(tmp_path):
    from types import SimpleNamespace

    from distributed.scheduler import KilledWorker
    from nbgrader.api import Gradebook, MissingEntry

    from coursetools.grading.backends.dask_cluster import DaskCluster
    from coursetools.grading.score import forget_submission

    url = f"sqlite:///{tmp_path / 'gradebook.db'}"
    with Gradebook(url) as gb:
        gb.add_assignment("a1")
        gb.add_student("alice")
        gb.add_submission("a1", "alice")  # what an autograde that died half-way leaves
    for kind in ("autograded", "feedback"):
        (tmp_path / kind / "alice" / "a1").mkdir(parents=True)
        (tmp_path / kind / "alice" / "a1" / "a1.ipynb").write_text("{}")
    run = object.__new__(DaskCluster)
    run.course, run.assignment, run.db = tmp_path, "a1", url

    class Lost:
        def result(self):
            raise KilledWorker("grade-a1-alice", SimpleNamespace(address="tcp://127.0.0.1:1"), 3)

    r = run._result(Lost(), "alice")
    assert (r.status, r.score) == ("failed", 0.0) and "KilledWorker" in r.reason, r
    forget_submission(tmp_path, "a1", "alice", url)  # what the pipeline does with every failed submission
    assert not (tmp_path / "autograded" / "alice" / "a1").exists()
    assert not (tmp_path / "feedback" / "alice" / "a1").exists()
    with Gradebook(url) as gb, pytest.raises(MissingEntry):
        gb.find_submission("a1", "alice")
