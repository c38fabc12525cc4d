"""Stage 4, score: the gradebook's view of each submission after the backends are done.

- :func:`prepare_students`: before grading, every student exists in the gradebook (parallel workers
  write their grades) and a zero that this grader recorded earlier is undone (:func:`unzero_submission`);
- :func:`read_scores`: each Result gets its score, maximum and lateness from the gradebook (manual
  grades override automatic ones);
- :func:`zero_kernel_deaths`: a submission whose kernel died is recorded with zero and the reason,
  reviewable in the Formgrader (:func:`zero_submission`), unless the instructor asked otherwise;
- :func:`forget_submission`: a submission that could not be graded leaves no gradebook entry, no
  graded notebook and no nbgrader feedback behind, so that nothing of it reads as a zero.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry

from coursetools.grading.course import db_url
from coursetools.grading.result import CHECK, FAILED, KERNEL_DIED, Result

#: Starts the comment the grader leaves on a submission it scored zero; marks the zero as the grader's.
ZERO_MARK = "[grader] "
#: The note on a late submission, as :func:`read_scores` adds it to a Result's reason.
LATE = re.compile(r"(?:; )?late: submitted \d+ s after the due date")


def prepare_students(course: Path, assignment: str, students: list[str]) -> None:
    """Students must exist before parallel workers write their grades; undo the grader's own zeros."""
    with Gradebook(db_url(course)) as gb:
        for s in students:
            gb.update_or_create_student(s)
            unzero_submission(gb, assignment, s)


def graded_students(course: Path, assignment: str) -> set[str]:
    """Students with a submission of ``assignment`` in the gradebook."""
    with Gradebook(db_url(course)) as gb:
        try:
            return {sub.student.id for sub in gb.find_assignment(assignment).submissions}
        except MissingEntry:
            return set()


def read_scores(course: Path, assignment: str, results: list[Result]) -> None:
    """Scores, maxima and lateness from the gradebook; a submission it does not hold becomes ``failed``."""
    with Gradebook(db_url(course)) as gb:
        max_score = gb.find_assignment(assignment).max_score
        for r in results:
            r.max_score = max_score
            if r.status == FAILED:
                r.score = 0.0
                continue
            try:
                sub = gb.find_submission(assignment, r.student)
            except MissingEntry:
                r.status, r.reason, r.score = FAILED, "no grades were recorded", 0.0
                continue
            r.score, r.seconds_late = sub.score, sub.total_seconds_late or 0.0
            r.reason = LATE.sub("", r.reason).strip("; ")
            if r.seconds_late > 0:  # the penalty (none by default: LateSubmissionPlugin) is nbgrader's own
                late = f"late: submitted {r.seconds_late:.0f} s after the due date"
                r.reason = f"{r.reason}; {late}" if r.reason else late


def zero_submission(gb, assignment: str, student: str, why: str) -> float:
    """Record zero for every graded cell as a manual score, flagged for review; return the auto score.

    The automatic scores stay in the gradebook, so an instructor who decides the crash was innocent
    overrides the zeros in formgrader (the cells are listed as needing manual grading). The comment
    on the first answer cell tells the student why, in their feedback.
    """
    sub = gb.find_submission(assignment, student)
    auto = sum(g.auto_score or 0.0 for nb in sub.notebooks for g in nb.grades)
    for nb in sub.notebooks:
        for g in nb.grades:
            g.manual_score, g.needs_manual_grade = 0.0, True
    comments = [c for nb in sub.notebooks for c in nb.comments]
    if comments:
        comments[0].manual_comment = (f"{ZERO_MARK}This submission scored zero because {why}. "
                                      f"Its tests alone scored {auto:g}; your instructor will look at it.")
    gb.db.commit()
    return auto


def unzero_submission(gb, assignment: str, student: str) -> None:
    """Before a regrade, undo a zero that :func:`zero_submission` recorded (and nothing else)."""
    try:
        sub = gb.find_submission(assignment, student)
    except MissingEntry:
        return
    marked = [c for nb in sub.notebooks for c in nb.comments if (c.manual_comment or "").startswith(ZERO_MARK)]
    if not marked:
        return
    for nb in sub.notebooks:
        for g in nb.grades:
            if g.manual_score == 0.0:
                g.manual_score = None
    for c in marked:
        c.manual_comment = None
    gb.db.commit()


def zero_kernel_deaths(course: Path, assignment: str, results: list[Result]) -> None:
    """A submission whose kernel died is recorded with zero and the reason (issue policy, see README)."""
    with Gradebook(db_url(course)) as gb:
        for r in results:
            if r.status == CHECK and KERNEL_DIED in r.reason:
                auto = zero_submission(gb, assignment, r.student, "its kernel died during grading")
                r.score = 0.0
                r.reason = (f"scored zero because the kernel died (its tests scored {auto:g}; override in "
                            f"formgrader if the crash was innocent): {r.reason}")


def forget_submission(course: Path, assignment: str, student: str, db: str | None = None) -> None:
    """A submission that could not be graded: nothing of it may look like a grade (no row, no feedback)."""
    for kind in ("autograded", "feedback"):
        shutil.rmtree(course / kind / student / assignment, ignore_errors=True)
    with Gradebook(db or db_url(course)) as gb:
        try:
            gb.remove_submission(assignment, student)
        except MissingEntry:
            pass
