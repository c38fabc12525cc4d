"""Where submissions are graded: one small interface, one module per backend.

A backend takes the students whose submissions passed ``precheck`` and grades each one with the
same per-submission function, ``coursetools.grading.worker.grade_submission``, somewhere: in a pool
of local processes (:mod:`.local`) or on the workers of a Dask cluster (:mod:`.dask_cluster`). It
calls ``done(result)`` for each submission as it finishes, in any order. Everything before
(collecting, prechecking) and after (scores, reports, feedback) is the pipeline's, the same for
every backend. Adding one (SLURM without Dask, say) means one new module with a :class:`Backend`
subclass, chosen in ``coursetools.grading.pipeline``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from coursetools.grading.result import Result


@dataclass(frozen=True)
class Run:
    """What every backend needs to know about one grading run."""

    course: Path  # the course root on the grader's machine
    assignment: str
    sandboxed: bool  # False only by an explicit opt-out
    db: str  # the gradebook URL
    timeout: float  # seconds allowed per submission

    def folder(self, student: str) -> Path:
        return self.course / "submitted" / student / self.assignment


class Backend(ABC):
    """Grades submissions of one run and reports each result as it comes."""

    #: The name in the run's summary ("local", "dask").
    name: ClassVar[str]

    def __init__(self, run: Run):
        self.run = run
        self.workers = 1  # submissions graded at once

    @abstractmethod
    def grade(self, students: list[str], done: Callable[[Result], None]) -> None:
        """Grade each student's submission of the run; call ``done`` once per student, as each finishes."""

    @abstractmethod
    def close(self) -> None:
        """Let go of what the run held (processes, connections)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
