"""The Dask backend: one submission per task on the workers of a Dask distributed cluster.

``python -m coursetools.grading 04_vmap --scheduler tcp://HOST:8786`` (or ``JAXCOURSE_DASK_SCHEDULER``)
sends each submission to the workers of a running Dask cluster instead of the local worker pool.
A Dask worker grades exactly as a local worker does (``coursetools.grading.worker.grade_submission``):
nbgrader's autograde with this course's preprocessors, so the student's kernel runs in the bubblewrap
sandbox (``execute.TrustedExecute``) and the verdicts come from the trusted checker process;
the scores go straight into the shared gradebook, which must be PostgreSQL unless every worker runs
on the grader's machine.

What a worker needs, checked when the run starts (:func:`check_worker`, run by the
:class:`CourseCheck` plugin on every worker, also on workers that join or restart later):

- the course's ``nbgrader_config.py``, ``source/<assignment>/`` and ``release/<assignment>/``,
  byte for byte the grader's (compared by SHA-256), at the grader's course path or at the path in
  the worker's ``JAXCOURSE_WORKER_COURSE`` (or ``--worker-course``); submissions travel with each
  task and the autograded notebooks come back with its result, so no shared file system is needed
  (a worker that does not see the run's marker file in its course folder grades in its own copy
  and removes each student's files from it once they are sent back);
- the course's virtualenv (this package, nbgrader, psycopg2 for PostgreSQL) and the sandbox
  (bubblewrap, ``coursetools.grading.sandbox.available``) unless grading is explicitly unsandboxed;
- a connection to the gradebook.

A worker that fails the check is reported by name and never gets a submission: only fit workers
get the run's Dask *resource* (one unit each), and every task asks for one unit, so a worker also
grades one submission at a time whatever its thread count. Dask workers are daemonic processes,
so each task grades one submission in the worker process itself; the nbgrader API and the trusted
checker stay in the worker between tasks and are released when the run ends (the plugin's
teardown), which also removes the worker's private grading folder.

Faults: a worker that dies while grading loses nothing: the scheduler runs its task again on
another worker (``distributed.scheduler.allowed-failures``, 3 by default), nbgrader's
``force=True`` rewrites any half-written result, and the gradebook's unique constraints keep rows
from doubling. A task that fails for good (``KilledWorker`` or any other exception) becomes status
``failed`` with the reason; the pipeline then removes its gradebook entry and graded folder (as
for every failed submission, ``score.forget_submission``) so that no score of 0 can look like a grade.

This module is imported only when grading on Dask (``--scheduler``): Dask is an optional, heavy
dependency that the local backend does not need.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import os
import shutil
import socket
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from distributed import Client, get_worker, wait
from distributed.diagnostics.plugin import WorkerPlugin
from sqlalchemy import create_engine, text

from coursetools.grading import sandbox
from coursetools.grading import worker as grading_worker
from coursetools.grading.backends import Backend, Run
from coursetools.grading.result import Result, failed

#: Environment variable naming the course's folder on a worker machine (when it is not the grader's path).
WORKER_COURSE_ENV = "JAXCOURSE_WORKER_COURSE"
#: Environment variable with the scheduler's address: the same as ``--scheduler``.
SCHEDULER_ENV = "JAXCOURSE_DASK_SCHEDULER"


# -- what a worker needs ---------------------------------------------------------------------------
def course_files(course: Path, assignment: str) -> list[str]:
    """The course files every worker must hold, relative to the course root."""
    files = ["nbgrader_config.py"]
    for folder in (f"source/{assignment}", f"release/{assignment}"):
        files += sorted(str(p.relative_to(course)) for p in (course / folder).rglob("*")
                        if p.is_file() and ".ipynb_checkpoints" not in p.parts)
    return files


def fingerprint(course: Path, assignment: str) -> dict[str, str]:
    """{relative path: SHA-256} of :func:`course_files` on the grader's machine."""
    return {rel: hashlib.sha256((course / rel).read_bytes()).hexdigest() for rel in course_files(course, assignment)}


def worker_course(default: str) -> Path:
    """The course's folder on this worker: ``JAXCOURSE_WORKER_COURSE``, else the path the grader sent."""
    return Path(os.environ.get(WORKER_COURSE_ENV) or default)


def check_worker(course: str, assignment: str, expected: dict[str, str], sandboxed: bool, db: str) -> str:
    """Why this worker cannot grade ``assignment`` (one sentence), or '' when it can."""
    where = worker_course(course)
    if not where.is_dir():
        return f"the course folder {where} does not exist here (set {WORKER_COURSE_ENV} to its path on this machine)"
    if not os.access(where, os.W_OK):
        return f"the course folder {where} is not writable here (submitted/ and autograded/ are written into it)"
    if not (where / "release" / assignment).is_dir():
        return f"release/{assignment} is missing from {where}"
    for rel, digest in expected.items():
        path = where / rel
        if not path.is_file():
            return f"{rel} is missing from {where}"
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            return f"{rel} in {where} differs from the grader's copy (copy the course again)"
    if sandboxed:
        ok, why = sandbox.available()
        if not ok:
            sandbox.available.cache_clear()
            return f"the sandbox cannot run here: {why}"
    try:
        engine = create_engine(db)
        try:
            with engine.connect() as conn:
                conn.execute(text("SELECT 1"))
        finally:
            engine.dispose()
    except Exception as err:  # noqa: BLE001 (any failure means: no gradebook from here)
        return f"cannot reach the gradebook from here ({err.__class__.__name__}: {str(err).splitlines()[0][:160]})"
    return ""


class CourseCheck(WorkerPlugin):
    """Checks each worker (those that join later too); a fit worker gets one unit of ``resource``."""

    def __init__(self, name: str, resource: str, course: str, assignment: str, expected: dict[str, str],
                 sandboxed: bool, db: str):
        self.name, self.resource = name, resource
        self.args = (course, assignment, expected, sandboxed, db)
        self.problem = "not checked yet"

    async def setup(self, worker):
        loop = asyncio.get_running_loop()
        try:
            self.problem = await loop.run_in_executor(None, check_worker, *self.args)
        except Exception as err:  # noqa: BLE001
            self.problem = f"the check failed: {err.__class__.__name__}: {err}"
        if not self.problem:
            await worker.set_resources(**{self.resource: 1})

    async def teardown(self, worker):
        if self.resource in worker.state.total_resources:
            await worker.set_resources(**{self.resource: 0})
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, grading_worker.release)


def _plugin_problem(name: str, dask_worker=None) -> str:
    plugin = dask_worker.plugins.get(name) if dask_worker is not None else None
    return getattr(plugin, "problem", "the check did not run on this worker")


# -- on a worker -----------------------------------------------------------------------------------
def sweep_dead_workdirs() -> int:
    """Remove the grading folders that killed processes left on this machine; how many remain of others."""
    parent = Path(tempfile.gettempdir())
    sandbox.sweep_workdirs(parent)
    return len(list(parent.glob(f"{sandbox.WORKDIR_PREFIX}*")))


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _put_files(folder: Path, files: dict[str, bytes]) -> bool:
    """Make ``folder`` hold exactly ``files``; False (nothing written) when it already did."""
    if folder.is_dir() and _files(folder) == files:
        return False
    shutil.rmtree(folder, ignore_errors=True)
    for rel, data in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return True


def grade_task(course: str, assignment: str, student: str, files: dict[str, bytes], sandboxed: bool, db: str,
               marker: str = "") -> dict:
    """One Dask task: grade one submission in this worker process with ``worker.grade_submission``.

    ``files`` is the submission folder's content; the result carries the autograded folder's.
    ``marker`` names a file the grader keeps in its course folder during the run: where the worker
    does not see it, the worker grades in its own copy of the course, and removes the student's
    files and results from that copy once they are sent back.
    """
    where = worker_course(course).resolve()
    inbox = where / "submitted" / student / assignment
    copied = not (marker and (where / marker).exists())
    _put_files(inbox, files)
    out = where / "autograded" / student / assignment
    try:
        outcome = grading_worker.grade_submission(str(where), assignment, student, sandboxed, db)
        produced = _files(out) if out.is_dir() else {}
    finally:
        if copied:
            for folder in (inbox, out):
                shutil.rmtree(folder, ignore_errors=True)
                with contextlib.suppress(OSError):  # the student's folder, when it is now empty
                    folder.parent.rmdir()
    this = get_worker()
    return {"outcome": outcome, "files": produced, "worker": str(this.name), "address": this.address}


# -- on the grader's machine -----------------------------------------------------------------------
def _local_addresses() -> set[str]:
    names = {socket.gethostname(), socket.getfqdn(), "localhost"}
    out = set()
    for name in names:
        try:
            out |= {info[4][0] for info in socket.getaddrinfo(name, None)}
        except OSError:
            pass
    return out


def is_local_address(address: str, local: set[str] | None = None) -> bool:
    """Whether a Dask address (``tcp://host:port``, ``inproc://...``) is on this machine."""
    if address.startswith("inproc://"):
        return True
    host = address.split("://", 1)[-1].rsplit(":", 1)[0].strip("[]")
    try:
        if ipaddress.ip_address(host).is_loopback:
            return True
    except ValueError:
        if host == "localhost":
            return True
    return host in (local if local is not None else _local_addresses())


def sqlite_refusal(db: str, addresses: list[str]) -> str:
    """The sentence that refuses a SQLite gradebook when a worker is on another machine, or ''."""
    if not db.startswith("sqlite"):
        return ""
    local = _local_addresses()
    remote = [a for a in addresses if not is_local_address(a, local)]
    if not remote:
        return ""
    return (f"Refusing to grade on this cluster with a SQLite gradebook, because workers on other machines "
            f"({', '.join(remote[:3])}{', ...' if len(remote) > 3 else ''}) cannot share a SQLite file: set "
            f"NBGRADER_DB_URL=postgresql+psycopg2://USER@HOST:PORT/DBNAME (or c.CourseDirectory.db_url) to a "
            f"PostgreSQL gradebook they all reach.")


class DaskCluster(Backend):
    """A grading run's connection to a Dask cluster: checks the workers, grades, cleans up."""

    name = "dask"

    def __init__(self, run: Run, scheduler: str, worker_course_path: str | None = None, connect_timeout: float = 30):
        super().__init__(run)
        self.course, self.assignment, self.sandboxed, self.db = run.course, run.assignment, run.sandboxed, run.db
        self.remote_course = str(worker_course_path or run.course)
        try:
            self.client = Client(scheduler, timeout=connect_timeout)
        except OSError as err:
            raise SystemExit(f"cannot reach the Dask scheduler at {scheduler}: {err}") from None
        token = uuid.uuid4().hex[:8]
        self.plugin_name = f"jaxcourse-check-{token}"
        self.resource = f"jaxcourse-grader-{token}"
        # Workers that see this file grade in this very folder; the others in their own copy.
        self.marker = f".jaxcourse-dask-run-{token}"
        (self.course / self.marker).write_text("a grading run on a Dask cluster is using this course\n")
        self.problems: dict[str, str] = {}
        self.names: dict[str, str] = {}
        try:
            self._start()
        except BaseException:
            (self.course / self.marker).unlink(missing_ok=True)
            self.client.close()
            raise
        self.workers = len(self.fit)

    def _workers(self) -> dict[str, dict]:
        return self.client.scheduler_info(n_workers=-1)["workers"]

    def _start(self) -> None:
        workers = self._workers()
        if not workers:
            raise SystemExit(f"the Dask cluster at {self.client.scheduler.address} has no workers")
        refusal = sqlite_refusal(self.db, list(workers))
        if refusal:
            raise SystemExit(refusal)
        plugin = CourseCheck(self.plugin_name, self.resource, self.remote_course, self.assignment,
                             fingerprint(self.course, self.assignment), self.sandboxed, self.db)
        self.client.register_plugin(plugin, name=self.plugin_name)
        self.problems = self.client.run(_plugin_problem, self.plugin_name)
        self.names = {addr: str(info.get("name", addr)) for addr, info in self._workers().items()}
        for addr, problem in sorted(self.problems.items()):
            if problem:
                print(f"Dask worker {self.names.get(addr, addr)} ({addr}) cannot grade and gets no submission: "
                      f"{problem}", flush=True)
        self.fit = sorted(a for a, p in self.problems.items() if not p)
        if not self.fit:
            raise SystemExit(f"no Dask worker at {self.client.scheduler.address} can grade {self.assignment} "
                             "(reasons above)")
        print(f"dask: {len(self.fit)} of {len(self.problems)} worker(s) at {self.client.scheduler.address} "
              f"grade {self.assignment}", flush=True)

    def grade(self, students: list[str], done: Callable[[Result], None]) -> None:
        """Grade ``students`` on the fit workers, a bounded window of tasks at a time."""
        todo = list(reversed(students))
        futures: dict = {}
        started: dict[str, float] = {}
        pending: set = set()
        while todo or pending:
            # A bounded window of tasks: each carries its submission's files, so 10,000 of them at once
            # would sit in the scheduler's memory. Workers that join later widen it.
            window = 2 * max(1, len(self.client.nthreads())) + 2
            while todo and len(pending) < window:
                student = todo.pop()
                key = f"grade-{self.assignment}-{student}-{uuid.uuid4().hex[:8]}"
                fut = self.client.submit(grade_task, self.remote_course, self.assignment, student,
                                         _files(self.run.folder(student)), self.sandboxed, self.db, self.marker,
                                         key=key, pure=False, resources={self.resource: 1})
                futures[fut] = student
                pending.add(fut)
            try:
                finished, pending = wait(pending, timeout=1, return_when="FIRST_COMPLETED")
            except TimeoutError:  # none finished this second
                finished = set()
            for fut in finished:
                done(self._result(fut, futures.pop(fut)))
            now = time.monotonic()
            running = {k for keys in self.client.processing().values() for k in keys}
            for fut in list(pending):
                if fut.key in running:
                    started.setdefault(fut.key, now)
                if now - started.get(fut.key, now) > self.run.timeout:
                    fut.cancel()
                    pending.discard(fut)
                    done(failed(futures.pop(fut), f"grading took longer than {self.run.timeout:.0f} s"))

    def _result(self, fut, student: str) -> Result:
        try:
            out = fut.result()
        except Exception as err:  # noqa: BLE001 (KilledWorker, a lost scheduler, a bug in the task)
            return failed(student, f"the Dask task failed ({err.__class__.__name__}: {str(err)[:160]})")
        if out["files"]:
            _put_files(self.course / "autograded" / student / self.assignment, out["files"])
        return grading_worker.result_of(student, out["outcome"])

    def close(self) -> None:
        """Release every worker's grading state and remove what killed workers left; disconnect."""
        try:
            self.client.unregister_worker_plugin(self.plugin_name)
        except Exception as err:  # noqa: BLE001 (a cluster that is going away)
            print(f"dask: could not release the workers' grading state: {err}", file=sys.stderr)
        try:
            self.client.run(sweep_dead_workdirs)
        except Exception:  # noqa: BLE001, S110 (only a second chance at cleaning up)
            pass
        (self.course / self.marker).unlink(missing_ok=True)
        self.client.close()
