"""Stage 5, report: what the instructor reads and uploads after a run.

- the class CSV ``reports/<assignment>.csv`` (student, score, max_score, status, reason, sandbox;
  a submission that could not be graded has an empty score, as in the LMS export), always the whole
  class: a run that grades some students (``--student``) replaces their rows and
  keeps the others, refreshed from the gradebook (:func:`whole_class`);
- the score figure ``reports/<assignment>_scores.png`` drawn from that class CSV, with the
  submissions that could not be graded in a bar of their own beside the scores (never in the 0 bin);
- the LMS export ``reports/grades.csv``: nbgrader's export with two columns added, ``status`` and
  ``reason``; a failed submission's ``raw_score`` and ``score`` are empty, never 0 (:func:`export_grades`);
- the lines on the terminal: a progress line per submission and the summary table.

The per-exercise report is ``exercises.py``.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from coursetools.grading.course import nbgrader
from coursetools.grading.result import CHECK, FAILED, GRADED, Result

CLASS_COLUMNS = ["student", "score", "max_score", "status", "reason", "sandbox"]
#: Columns added to nbgrader's export, and the status of a student who handed nothing in.
EXPORT_COLUMNS = ["status", "reason"]
NOT_SUBMITTED = "not submitted"


# -- the class CSV ---------------------------------------------------------------------------------

def write_class_csv(path: Path, results: list[Result]) -> None:
    """The class CSV; its last column says how student code ran ("bubblewrap" or "unsandboxed").

    A submission that could not be graded has an empty score (no grade), as in ``grades.csv``.
    """
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(CLASS_COLUMNS)
        for r in results:
            score = "" if r.status == FAILED else f"{r.score:g}"
            writer.writerow([r.student, score, f"{r.max_score:g}", r.status, r.reason, r.sandbox])


def read_class_csv(path: Path) -> list[Result]:
    """The rows of an earlier class CSV ([] when there is none)."""
    if not path.exists():
        return []
    with open(path, newline="") as fh:
        return [Result(row["student"], float(row["score"] or 0), float(row["max_score"] or 0), row["status"],
                       row["reason"], sandbox=row.get("sandbox", "")) for row in csv.DictReader(fh)]


def whole_class(previous: list[Result], run: list[Result], submitted: set[str], in_gradebook: set[str],
                sandbox: str) -> list[Result]:
    """The class after this run: its results, the earlier rows of everyone else who handed this assignment
    in, and a row for each submission in the gradebook that no run of this command graded (the
    Formgrader's). Earlier rows of folders that are no longer there are dropped. Sorted by student."""
    rows = {r.student: r for r in previous if r.student in submitted | in_gradebook}
    rows.update({r.student: r for r in run})
    for student in sorted(in_gradebook - set(rows)):
        rows[student] = Result(student, sandbox=sandbox)
    return sorted(rows.values(), key=lambda r: r.student)


def score_figure(assignment: str, results: list[Result]) -> Figure:
    """The histogram of the scores, and beside it a bar of its own for the submissions that could not
    be graded (they have no score: never in the 0 bin); whole-number ticks on the count axis."""
    max_score = max((r.max_score for r in results), default=1) or 1
    fig = Figure(figsize=(6, 3), dpi=100)
    ax = fig.subplots()
    width = max_score / 10
    bins = [i * width for i in range(11)]
    graded = [r.score for r in results if r.status != FAILED]
    failed = sum(r.status == FAILED for r in results)
    ax.hist(graded, bins=bins, color="tab:blue", label=f"graded ({len(graded)})")
    gap = -2 * width  # left of 0, with a bin's width of space between
    ax.bar([gap], [failed], width=width, align="edge", color="tab:red",
           label=f"could not be graded ({failed})")
    ax.set_xlim(gap - width / 2, max_score + width / 2)
    whole = float(max_score).is_integer()  # whole points: whole-number ticks on the score axis too
    ticks = [t for t in MaxNLocator(nbins=6, integer=whole).tick_values(0, max_score) if 0 <= t <= max_score]
    ax.set_xticks([gap + width / 2, *ticks], ["none", *(f"{t:g}" for t in ticks)])
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set(xlabel=f"score (of {max_score:g}; none: could not be graded)", ylabel="submissions",
           title=f"{assignment}: score distribution")
    ax.legend(frameon=False)
    fig.tight_layout()
    return fig


def plot_scores(path: Path, assignment: str, results: list[Result]) -> None:
    """``score_figure`` as a PNG."""
    score_figure(assignment, results).savefig(path)


# -- the LMS export -------------------------------------------------------------------------------

def export_grades(course: Path, out: Path) -> Path:
    """``nbgrader export`` to ``<out>/grades.csv``, with each row's status from the class CSVs in ``out``.

    An LMS import treats an empty cell as "no grade" and a 0 as a grade, so a submission that could
    not be graded gets empty ``raw_score`` and ``score`` (and ``late_submission_penalty``), status
    ``failed`` and the reason; the two added columns are for the instructor (an import skips them).
    A student with no submission keeps nbgrader's 0 with status ``not submitted``.
    """
    path = out / "grades.csv"
    proc = nbgrader(["export", f"--to={path}"], course)
    if proc.returncode or not path.exists():
        print(f"nbgrader export failed: {proc.stderr[-1000:]}", file=sys.stderr)
        return path
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        columns, rows = list(reader.fieldnames or []), list(reader)
    known = {(a, r.student): r for a in {row["assignment"] for row in rows}
             for r in read_class_csv(out / f"{a}.csv")}
    for row in rows:
        r = known.get((row["assignment"], row["student_id"]))
        if r is not None and r.status == FAILED:
            row.update(raw_score="", late_submission_penalty="", score="", status=FAILED, reason=r.reason)
        elif r is not None:
            row.update(status=r.status, reason=r.reason)
        elif row["timestamp"]:
            row.update(status=GRADED, reason="")
        else:
            row.update(status=NOT_SUBMITTED, reason="")
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, columns + EXPORT_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return path


# -- the terminal ---------------------------------------------------------------------------------

def progress(done: int, total: int, r: Result) -> None:
    """A progress bar on a terminal; one line per submission in logs."""
    bar = "#" * (24 * done // total) + "." * (24 - 24 * done // total)
    mark = {GRADED: "ok", CHECK: f"graded, needs a look: {r.reason}"}.get(r.status, f"FAILED: {r.reason}")
    if sys.stdout.isatty():
        print(f"\r[{bar}] {done}/{total} {r.student}: {mark}"[:120].ljust(120), end="", flush=True)
        if done == total:
            print()
    else:
        print(f"[{bar}] {done}/{total} {r.student}: {mark}", flush=True)


def print_summary(results: list[Result]) -> None:
    width = max(len("student"), *(len(r.student) for r in results))
    print(f"\n{'student':<{width}}  {'score':>9}  status")
    for r in results:
        score = "-" if r.status == FAILED else f"{r.score:g}"
        print(f"{r.student:<{width}}  {f'{score}/{r.max_score:g}':>9}  {r.status} {r.reason}".rstrip())


def counts(results: list[Result]) -> dict[str, int]:
    """graded (a score), check (graded, to look at), failed (no score), need_instructor (check + failed)."""
    check = sum(r.status == CHECK for r in results)
    failed = sum(r.status == FAILED for r in results)
    return {"graded": len(results) - failed, "check": check, "failed": failed, "need_instructor": check + failed}


def summary_line(results: list[Result]) -> str:
    """``graded 3 of 4 submissions; 2 need you (1 could not be graded, 1 to look at)``."""
    n = counts(results)
    verb = "needs" if n["need_instructor"] == 1 else "need"
    need = (f"{n['need_instructor']} {verb} you ({n['failed']} could not be graded, {n['check']} to look at)"
            if n["need_instructor"] else "none needs you")
    return f"graded {n['graded']} of {len(results)} submissions; {need}"
