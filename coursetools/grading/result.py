"""What grading one submission says: a :class:`Result`, and the problems noticed along the way.

Every stage of the grader (``coursetools.grading``) speaks in these terms, so this module imports
nothing of the grader. Statuses:

- ``graded``: all is well;
- ``check``: graded, but something needs the instructor's eye (a cell killed the kernel or ran too
  long, test cells were changed or deleted, an answer cell is missing);
- ``failed``: could not be graded at all (not a notebook, an empty folder, an unknown assignment, an
  unmatched LMS file, a crash of the grading machinery). A failed submission has no grade anywhere:
  no gradebook entry, no graded notebook, an empty score in the LMS export, and a feedback page
  that says why and what to hand in instead.
"""

from __future__ import annotations

from dataclasses import dataclass

GRADED, CHECK, FAILED = "graded", "check", "failed"
#: How student code ran, in the class CSV's last column.
SANDBOXED, UNSANDBOXED = "bubblewrap", "unsandboxed"
#: The reason recorded when a cell kills the kernel; such submissions are scored zero (``score.py``).
KERNEL_DIED = "the kernel died while it ran"


@dataclass
class Result:
    student: str
    score: float = 0.0
    max_score: float = 0.0
    status: str = GRADED
    reason: str = ""
    seconds_late: float = 0.0  # after the assignment's due date in the gradebook (nbgrader's late handling)
    sandbox: str = SANDBOXED  # how this submission's code ran when it was last graded

    @property
    def needs_instructor(self) -> bool:
        """Failed, or graded with something to look at."""
        return self.status != GRADED


def failed(student: str, reason: str, sandbox: str = SANDBOXED) -> Result:
    return Result(student, status=FAILED, reason=reason, sandbox=sandbox)


#: What looked wrong in the notebooks this process graded since the last :func:`take_problems`
#: (written by ``precheck.Canonicalize`` and ``execute.TrustedExecute``, read by ``worker``).
PROBLEMS: list[str] = []


def note_problem(text: str) -> None:
    PROBLEMS.append(text)


def take_problems() -> list[str]:
    out = list(PROBLEMS)
    PROBLEMS.clear()
    return out
