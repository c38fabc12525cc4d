"""The one function every backend runs to grade one submission: :func:`grade_submission`.

It runs in a grading process (a local pool's worker, a Dask worker): nbgrader's autograde with the
course's own configuration, so the submission goes through ``precheck.Canonicalize`` and
``execute.TrustedExecute`` (sandboxed kernel, trusted checker) whichever backend called it. The
nbgrader API and the trusted checker stay in the process between submissions; :func:`release`
lets them go and removes the process's private grading folder. Failures that come from the
grading machinery, not from the student, are retried (:data:`RETRYABLE`).
"""

from __future__ import annotations

import os
import re
import warnings
from dataclasses import dataclass, field

from nbgrader.apps import NbGraderAPI
from nbgrader.coursedir import CourseDirectory
from traitlets.config.loader import PyFileConfigLoader

from coursetools.grading import execute, sandbox
from coursetools.grading.course import nbgrader_env
from coursetools.grading.result import CHECK, Result, failed, take_problems

#: Failures worth a second try: they come from the grading machinery, not from the student.
RETRYABLE = ("database is locked", "Kernel didn't respond", "kernel died before replying to kernel_info",
             "Address already in use", "Failed to start the kernel")
#: Further tries after a retryable failure.
RETRIES = 2


@dataclass
class Outcome:
    """What nbgrader's autograde said about one submission (plain values: it crosses processes)."""

    ok: bool
    log: str = ""
    problems: list[str] = field(default_factory=list)


#: This process's nbgrader API and the (course, sandboxed, gradebook) it was made for.
_STATE: dict[str, object] = {}


def _prepare(course: str, sandboxed: bool, db: str) -> NbGraderAPI:
    """nbgrader's API for the course, once per process (and again when the course or gradebook changes)."""
    os.chdir(course)
    env = nbgrader_env()  # without the device count, other XLA flags kept
    for name in ("JAX_NUM_CPU_DEVICES", "XLA_FLAGS"):  # nbgrader_env() may drop them
        os.environ.pop(name, None)
    os.environ.update(env)
    # nbgrader 0.9.6's Gradebook.add_submission trips SQLAlchemy 2's cascade warning; harmless noise.
    warnings.filterwarnings("ignore", message=r"Object of type <Submitted\w+> not in session")
    config = PyFileConfigLoader("nbgrader_config.py", path=course).load_config()
    config.CourseDirectory.root = course
    config.CourseDirectory.db_url = db
    if not sandboxed:  # the explicit opt-out; otherwise TrustedExecute runs every kernel in bubblewrap
        config.TrustedExecute.sandbox = False
    _STATE.update(key=(course, sandboxed, db), api=NbGraderAPI(coursedir=CourseDirectory(config=config),
                                                                 config=config))
    return _STATE["api"]


def grade_submission(course: str, assignment: str, student: str, sandboxed: bool, db: str) -> Outcome:
    """Autograde ``submitted/<student>/<assignment>`` of the course at ``course`` into the gradebook ``db``."""
    api = _STATE.get("api") if _STATE.get("key") == (course, sandboxed, db) else None
    api = api or _prepare(course, sandboxed, db)
    os.chdir(course)
    outcome = Outcome(False)
    for _attempt in range(RETRIES + 1):
        take_problems()
        reply = api.autograde(assignment, student, force=True, create=True)
        outcome = Outcome(bool(reply.get("success")), (reply.get("log") or "") + (reply.get("error") or ""),
                          take_problems())
        if outcome.ok or not any(marker in outcome.log for marker in RETRYABLE):
            break
    return outcome


def release() -> None:
    """Forget the nbgrader API, stop the trusted checkers and remove this process's grading folder."""
    _STATE.clear()
    execute.stop_checkers()
    sandbox.remove_workdir()


def failure_reason(log: str) -> str:
    """One line saying why nbgrader could not grade a submission, read from its log."""
    checks = [
        (r"DeadKernelError|Kernel died", "the kernel died while running the notebook"),
        (r"CellTimeoutError|Cell execution timed out|timed out", "a cell ran past the time limit"),
        (r"UnresponsiveKernelError|became unresponsive", "the kernel stopped responding"),
        (r"MissingEntry|does not exist in the database|not in the gradebook",
         "a graded cell is missing or was renamed"),
        (r"SchemaTooOld|SchemaTooNew|metadata", "the notebook's nbgrader cell metadata was changed"),
    ]
    # The exception's own line, not the `raise` line a traceback quotes before it.
    stopped = re.findall(r"Error: grading stopped: (.*)", log) or re.findall(r"grading stopped: (.*)", log)
    if stopped:
        return f"grading stopped: {stopped[-1].strip()[:200]}"
    for pattern, reason in checks:
        if re.search(pattern, log):
            return reason
    errors = [line.strip() for line in log.splitlines() if "Error" in line or "error" in line]
    return errors[-1][:200] if errors else "nbgrader failed without a message"


def result_of(student: str, outcome: Outcome) -> Result:
    """The Result of one graded submission (scores are read from the gradebook later, by ``score``)."""
    if not outcome.ok:
        return failed(student, failure_reason(outcome.log))
    if outcome.problems:  # graded, but something in it needs the instructor's eye
        return Result(student, status=CHECK, reason="; ".join(outcome.problems))
    return Result(student)
