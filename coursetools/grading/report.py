"""Stage 5, report: what the instructor reads and uploads after a run.

- the class CSV ``reports/<assignment>.csv`` (student, score, max_score, status, reason, sandbox;
  a submission that could not be graded has an empty score, as in the LMS export), always the whole
  class: a run that grades some students (``--student``) replaces their rows and
  keeps the others, refreshed from the gradebook (:func:`whole_class`);
- the score figure ``reports/<assignment>_scores.png`` drawn from that class CSV: a bar per whole
  score (whole-number bins for large maxima), the maximum marked, and the submissions that could not
  be graded in a bar of their own beside the scores (never in the 0 bin);
- :func:`flag_identical`: a submission byte for byte another student's is ``check`` ("identical to
  ada's submission"), for the grading run to apply to the whole class before writing the class CSV;
- the LMS export ``reports/grades.csv``: nbgrader's export with two columns added, ``status`` and
  ``reason``; a failed submission's ``raw_score`` and ``score`` are empty, never 0 (:func:`export_grades`);
- the lines on the terminal: a progress line per submission and the summary table.

The per-exercise report is ``exercises.py``.
"""

from __future__ import annotations

import csv
import hashlib
import math
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


# -- copies between students ---------------------------------------------------------------------

#: The note on a submission whose notebooks are, byte for byte, another student's.
IDENTICAL = "identical to {}"


def identical_submissions(course: Path, assignment: str, students: list[str]) -> dict[str, list[str]]:
    """``{student: [others]}`` for each student whose handed-in notebooks (names and bytes) are exactly
    another student's. A notebook handed in exactly as released (the blank, flagged on its own) and a
    folder with no notebook match nobody."""
    release = {p.name: p.read_bytes() for p in (course / "release" / assignment).glob("*.ipynb")}
    by_content: dict[tuple, list[str]] = {}
    for student in students:
        folder = course / "submitted" / student / assignment
        files = {p.name: p.read_bytes() for p in sorted(folder.glob("*.ipynb"))} if folder.is_dir() else {}
        if files and any(release.get(name) != data for name, data in files.items()):
            key = tuple((name, hashlib.sha256(data).hexdigest()) for name, data in files.items())
            by_content.setdefault(key, []).append(student)
    return {s: [o for o in group if o != s] for group in by_content.values() if len(group) > 1 for s in group}


def flag_identical(course: Path, assignment: str, results: list[Result]) -> None:
    """Mark each graded submission that is byte for byte another student's as ``check``, with "identical
    to ada's submission" in its reason; the note of an earlier run is recomputed, so a student whose
    copy has since been replaced is no longer flagged. Failed submissions stay failed."""
    same = identical_submissions(course, assignment, [r.student for r in results if r.status != FAILED])
    for r in results:
        if r.status == FAILED:
            continue
        parts = [p for p in r.reason.split("; ") if p]
        kept = [p for p in parts if not p.startswith(IDENTICAL.format(""))]
        if r.student in same:
            kept.append(IDENTICAL.format(" and ".join(f"{o}'s" for o in same[r.student]) + " submission"))
            r.status = CHECK
        elif len(kept) < len(parts) and all(p.startswith("late: ") for p in kept):  # only the old note made it check
            r.status = GRADED
        r.reason = "; ".join(kept)


#: Up to this many points, the score figure has a bar per whole score; above it, integer-aligned bins.
ONE_BAR_PER_SCORE = 40


def score_bins(max_score: float) -> tuple[list[float], int]:
    """The histogram's bin edges and the bin width, both whole numbers of points.

    Up to ``ONE_BAR_PER_SCORE`` points, a bar per whole score, centred on it (edges at k - 0.5, so a
    16/16 is drawn over the "16" tick; a fractional score falls in the nearest whole score's bar). Above
    it, bins ``[k w, (k + 1) w)`` of a round width w (1, 2, 5, 10, 20, ...) and at most that many bins;
    full marks fall in the last one, which starts at the maximum when w divides it.
    """
    top = math.ceil(max_score)
    if top <= ONE_BAR_PER_SCORE:
        return [k - 0.5 for k in range(top + 2)], 1
    width = next(w for w in round_numbers() if top / w <= ONE_BAR_PER_SCORE)
    return [float(k * width) for k in range(top // width + 2)], width


def round_numbers():
    """1, 2, 5, 10, 20, 50, ..."""
    e = 1
    while True:
        yield from (e, 2 * e, 5 * e)
        e *= 10


def score_ticks(max_score: float, width: int) -> list[float]:
    """The labelled score ticks: multiples of a round multiple of the bin width (at most 10 of them), and
    the maximum itself; the multiple just below the maximum is dropped when it is closer than a step."""
    step = next(width * k for k in round_numbers() if max_score / (width * k) <= 10)
    ticks = [float(k * step) for k in range(int(max_score // step) + 1)]
    return [t for t in ticks if max_score - t >= step] + [float(max_score)]


def score_figure(assignment: str, results: list[Result]) -> Figure:
    """The histogram of the scores in whole-number bins (:func:`score_bins`), the maximum marked (a dotted
    line and a bold tick), and beside it a bar of its own for the submissions that could not be graded
    (they have no score: never in the 0 bin); whole-number ticks on both axes."""
    max_score = max((r.max_score for r in results), default=1) or 1
    fig = Figure(figsize=(6, 3), dpi=100)
    ax = fig.subplots()
    bins, width = score_bins(max_score)
    graded = [r.score for r in results if r.status != FAILED]
    failed = sum(r.status == FAILED for r in results)
    ax.hist(graded, bins=bins, color="tab:blue", rwidth=0.85, label=f"graded ({len(graded)})")
    none = bins[0] - 1.5 * width  # left of the 0 bin, with half a bin's width of space between
    ax.bar([none], [failed], width=0.85 * width, color="tab:red", label=f"could not be graded ({failed})")
    ax.set_xlim(none - width, bins[-1] + width / 2)
    ax.axvline(max_score, color="0.4", linestyle=":", linewidth=1, zorder=0, label=f"maximum ({max_score:g})")
    ticks = score_ticks(max_score, width)
    ax.set_xticks([none, *ticks], ["none", *(f"{t:g}" for t in ticks)])
    ax.get_xticklabels()[-1].set_fontweight("bold")  # the maximum
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
