"""Stage 5b, the per-exercise report: what the class got wrong, exercise by exercise.

The pipeline (``coursetools.grading.pipeline``) writes it after every run; it also runs alone::

    python -m coursetools.grading.exercises 04_vmap            # from the course root, after grading

It writes ``reports/<assignment>_exercises.csv`` and ``reports/<assignment>_exercises.png`` and
prints a short table, always for the whole class as the gradebook holds it (a regrade of some
students changes their rows only). An *exercise* is the visible test cell ``<ex>`` and its hidden
test cells ``<ex>_hidden`` and ``<ex>_edge`` (grade ids, see CONTRIBUTING.md); its points are their
sum (the visible cell is feedback with 0 points, but its failure messages are counted). Each
graded student lands in one of four columns per exercise:

- ``not_attempted``: the answer cell ``<ex>_answer`` is the release's stub (unchanged, comments and
  blank lines aside) or still raises its ``NotImplementedError`` and earned nothing;
- ``failed``: attempted, no points;  ``partial``: attempted, some points;  ``full``: all points.

The most frequent failure messages (with the number of students who saw each) are counted over
attempted answers only, so blank notebooks do not crowd out the real mistakes. A failure message is
the first line of a failed check, as the grader wrote it into the autograded notebook's test cell
(``execute.TrustedExecute``); a cell that lost points without a failed check (zeroed by the grader
after a kernel death, or changed by hand in the Formgrader) is counted with the reason the
gradebook gives.

Scores are the gradebook's (manual grades override automatic ones). Only submissions in the
gradebook count: those that could not be graded at all are listed in ``reports/<assignment>.csv``.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from matplotlib.figure import Figure
from nbgrader.api import Gradebook

from coursetools.grading.course import db_url as course_db
from coursetools.grading.score import ZERO_MARK
from jaxcourse.checking import whole_sentences

#: Failure messages kept per exercise in the CSV and the terminal table.
TOP = 3
HIDDEN = "_hidden"
EDGE = "_edge"
ANSWER = "_answer"
#: The stub's line that a blank answer still runs (nbgrader's ClearSolutions code stub).
STUB_RAISE = re.compile(r"^\s*raise NotImplementedError\b", re.M)


@dataclass
class CellResult:
    """One graded cell of one student's submission."""

    student: str
    grade_id: str
    score: float
    max_score: float
    message: str = ""  # first line of the failed check, '' when it passed or said nothing
    from_check: bool = True  # False: the message is the gradebook's reason (a grader's zero, a manual grade)
    blank: bool = False  # the exercise's answer cell is the release's stub, or still raises its NotImplementedError


@dataclass
class ExerciseStats:
    exercise: str
    max_points: float
    scores: list[float] = field(default_factory=list)  # one per student
    attempted: list[bool] = field(default_factory=list)  # one per student, in the same order
    messages: Counter = field(default_factory=Counter)  # message -> attempting students who saw it
    notes: set = field(default_factory=set)  # messages that are the gradebook's reasons, not failed checks

    @property
    def students(self) -> int:
        return len(self.scores)

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    def _count(self, test) -> int:
        return sum(bool(test(s, a)) for s, a in zip(self.scores, self.attempted, strict=True))

    @property
    def full(self) -> int:
        return self._count(lambda s, a: a and s >= self.max_points)

    @property
    def partial(self) -> int:
        return self._count(lambda s, a: a and 0 < s < self.max_points)

    @property
    def failed(self) -> int:
        """Attempted, and no points."""
        return self._count(lambda s, a: a and s <= 0)

    @property
    def not_attempted(self) -> int:
        return self._count(lambda s, a: not a)

    @property
    def distribution(self) -> dict[float, int]:
        """Points -> how many students got them, lowest first."""
        return dict(sorted(Counter(self.scores).items()))

    def top_messages(self, n: int = TOP) -> list[tuple[str, int]]:
        """The ``n`` most frequent messages, most frequent first (ties: failed checks first, then alphabetical)."""
        return sorted(self.messages.items(), key=lambda kv: (-kv[1], kv[0] in self.notes, kv[0]))[:n]


def exercise_of(grade_id: str) -> str:
    """``pairwise_distances_hidden`` (or ``_edge``) -> ``pairwise_distances``; a visible test's id is its exercise."""
    for suffix in (HIDDEN, EDGE):
        if grade_id.endswith(suffix):
            return grade_id[: -len(suffix)]
    return grade_id


def first_line(text: str) -> str:
    """The first non-empty line, cut to whole sentences (``jaxcourse.checking.whole_sentences``)."""
    lines = [line.strip() for line in str(text or "").strip().splitlines() if line.strip()]
    return whole_sentences(lines[0]) if lines else ""


def aggregate(cells: list[CellResult], order: list[str] | None = None) -> list[ExerciseStats]:
    """Per-exercise statistics from graded cells; exercises in ``order`` (grade ids), others after, by name.

    A student's points on an exercise are the sum over its cells; a message is counted once per
    student and exercise, however many of its cells showed it, and only for students who attempted
    the exercise (a cell marked ``blank`` with no points on the exercise is not an attempt).
    """
    ids = list(dict.fromkeys(exercise_of(g) for g in (order or [])))
    ids += sorted({exercise_of(c.grade_id) for c in cells} - set(ids))
    per: dict[str, dict[str, list[CellResult]]] = {ex: {} for ex in ids}
    for c in cells:
        per[exercise_of(c.grade_id)].setdefault(c.student, []).append(c)
    out = []
    for ex in ids:
        if not per[ex]:
            continue
        max_points = max(sum(c.max_score for c in mine) for mine in per[ex].values())
        stats = ExerciseStats(ex, max_points)
        for _student, mine in sorted(per[ex].items()):
            points = sum(c.score for c in mine)
            attempted = points > 0 or not any(c.blank for c in mine)
            stats.scores.append(points)
            stats.attempted.append(attempted)
            if not attempted:  # a blank answer's failures say nothing about the exercise
                continue
            # a 0-point visible cell (feedback) fails without losing points: its message still counts
            stats.messages.update({c.message for c in mine if c.message and (c.score < c.max_score or not c.max_score)})
            stats.notes.update(c.message for c in mine if c.message and not c.from_check)
        out.append(stats)
    return out


# -- reading a graded course ---------------------------------------------------------------------

def _read(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):  # not graded, or unreadable: its cells count without messages
        return {}


def _nbgrader(cell: dict) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {}) or {}


def _grade_ids_in_order(nb: dict) -> list[str]:
    return [_nbgrader(c)["grade_id"] for c in nb.get("cells", []) if _nbgrader(c).get("grade")
            and "grade_id" in _nbgrader(c)]


def _answers(nb: dict) -> dict[str, str]:
    """Answer cell grade id -> its source."""
    return {_nbgrader(c)["grade_id"]: "".join(c.get("source", "")) for c in nb.get("cells", [])
            if _nbgrader(c).get("solution") and "grade_id" in _nbgrader(c)}


def answer_cells(nb: dict) -> dict[str, str]:
    """Test cell grade id -> the answer cell it checks: ``<ex>_answer`` when there is one, else the last
    answer cell above the test (an exercise with several test cells for one answer)."""
    out, last = {}, None
    answers = _answers(nb)
    for cell in nb.get("cells", []):
        info = _nbgrader(cell)
        gid = info.get("grade_id")
        if info.get("solution"):
            last = gid
        elif info.get("grade") and gid:
            own = exercise_of(gid) + ANSWER
            out[gid] = own if own in answers else last
    return out


def _code_lines(source: str) -> list[str]:
    return [line.strip() for line in source.splitlines() if line.strip() and not line.strip().startswith("#")]


def is_blank(answer: str | None, stub: str | None) -> bool:
    """Whether an answer is the release's stub: unchanged (comments and blank lines aside), or still
    raising the stub's ``NotImplementedError``."""
    if answer is None:
        return True
    return (stub is not None and _code_lines(answer) == _code_lines(stub)) or bool(STUB_RAISE.search(answer))


def _failed_messages(nb: dict) -> dict[str, str]:
    """Grade id -> first line of the failed check written into that test cell of an autograded notebook."""
    out = {}
    for cell in nb.get("cells", []):
        gid = _nbgrader(cell).get("grade_id")
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if gid and errors:
            err = errors[-1]
            out[gid] = first_line(err.get("evalue")) or first_line((err.get("traceback") or [""])[-1]) or err.get(
                "ename", "error")
    return out


def collect(course: Path, assignment: str, db_url: str | None = None) -> tuple[list[CellResult], list[str]]:
    """Every graded cell of every submission of ``assignment`` in the gradebook, and the grade ids in order."""
    course = Path(course).resolve()
    cells: list[CellResult] = []
    order: list[str] = []
    stubs: dict[str, dict[str, str]] = {}
    checks: dict[str, dict[str, str]] = {}  # notebook -> test grade id -> its answer cell
    with Gradebook(db_url or course_db(course)) as gb:
        assignment_row = gb.find_assignment(assignment)
        notebooks = [nb.name for nb in assignment_row.notebooks]
        many = len(notebooks) > 1
        for name in notebooks:
            release = _read(course / "release" / assignment / f"{name}.ipynb")
            stubs[name], checks[name] = _answers(release), answer_cells(release)
            template = release or _read(course / "source" / assignment / f"{name}.ipynb")
            order += [f"{name}:{g}" if many else g for g in _grade_ids_in_order(template)]
        for sub in assignment_row.submissions:
            student = sub.student.id
            notes = [c.manual_comment for nb in sub.notebooks for c in nb.comments
                     if (c.manual_comment or "").startswith(ZERO_MARK)]
            zeroed = first_line(notes[0][len(ZERO_MARK):].split(". ")[0]) if notes else ""
            for nb in sub.notebooks:
                graded = _read(course / "autograded" / student / assignment / f"{nb.name}.ipynb")
                failed, answers = _failed_messages(graded), _answers(graded)
                for g in nb.grades:
                    score, max_score = float(g.score or 0.0), float(g.max_score or 0.0)
                    message = failed.get(g.name, "")
                    from_check = bool(message)
                    if score < max_score and not message:
                        if zeroed and g.manual_score == 0:
                            message = zeroed
                        elif g.manual_score is not None:
                            message = "points set by hand in the Formgrader"
                    answer_id = checks[nb.name].get(g.name)
                    blank = (bool(graded) and answer_id in stubs[nb.name]
                             and is_blank(answers.get(answer_id), stubs[nb.name][answer_id]))
                    cells.append(CellResult(student, f"{nb.name}:{g.name}" if many else g.name, score, max_score,
                                            message, from_check, blank))
    return cells, order


# -- output ----------------------------------------------------------------------------------------

def _points(x: float) -> str:
    return f"{x:g}"


#: The four kinds of students per exercise, in the CSV, the table and the figure.
KINDS = (("full", "full marks", "tab:green"), ("partial", "partial", "tab:orange"),
         ("failed", "attempted, no marks", "tab:red"), ("not_attempted", "not attempted", "tab:gray"))


def write_csv(path: Path, stats: list[ExerciseStats]) -> None:
    header = ["exercise", "max_points", "students", "mean", *(k for k, _, _ in KINDS), "distribution"]
    for k in range(1, TOP + 1):
        header += [f"message_{k}", f"count_{k}"]
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        for s in stats:
            row = [s.exercise, _points(s.max_points), s.students, f"{s.mean:.3f}",
                   *(getattr(s, k) for k, _, _ in KINDS),
                   " ".join(f"{_points(p)}:{n}" for p, n in s.distribution.items())]
            top = s.top_messages()
            for k in range(TOP):
                row += list(top[k]) if k < len(top) else ["", ""]
            writer.writerow(row)


def plot(path: Path, assignment: str, stats: list[ExerciseStats]) -> None:
    """One horizontal bar per exercise (first on top): shares of students with full, partial, no marks, blank."""
    fig = Figure(figsize=(8, 0.45 * len(stats) + 1.2), dpi=100)
    ax = fig.subplots()
    labels = [f"{s.exercise} (mean {s.mean:.2g} of {_points(s.max_points)})" for s in stats]
    left = [0.0] * len(stats)
    for attr, label, colour in KINDS:
        shares = [getattr(s, attr) / s.students * 100 if s.students else 0.0 for s in stats]
        bars = ax.barh(labels, shares, left=left, color=colour, label=label)
        for bar, s, share in zip(bars, stats, shares, strict=True):
            if share >= 6:
                ax.text(bar.get_x() + bar.get_width() / 2, bar.get_y() + bar.get_height() / 2, str(getattr(s, attr)),
                        ha="center", va="center", color="white", fontsize=8)
        left = [a + b for a, b in zip(left, shares, strict=True)]
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    n = max((s.students for s in stats), default=0)
    ax.set(xlabel="students (%)", title=f"{assignment}: marks per exercise ({n} students)")
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False, fontsize=8)
    fig.tight_layout()
    fig.savefig(path)


def table(stats: list[ExerciseStats], width: int = 120) -> str:
    """A short table for the terminal: one line per exercise and its most frequent failure among attempts."""
    name = max([len("exercise"), *(len(s.exercise) for s in stats)])
    head = f"{'exercise':<{name}}  {'max':>4}  {'mean':>5}  {'full':>4}  {'part':>4}  {'fail':>4}  {'blank':>5}"
    lines = [f"{head}  most frequent failure (attempts only)"]
    for s in stats:
        top = s.top_messages(1)
        fail = f"{top[0][1]}x {top[0][0]}" if top else ""
        line = (f"{s.exercise:<{name}}  {_points(s.max_points):>4}  {s.mean:>5.2f}  {s.full:>4}  {s.partial:>4}  "
                f"{s.failed:>4}  {s.not_attempted:>5}  {fail}")
        lines.append(line if len(line) <= width else line[: width - 3] + "...")
    return "\n".join(lines)


def failed_in_class_csv(path: Path) -> int:
    """Submissions marked failed in a class CSV (``reports/<assignment>.csv``; 0 when there is none)."""
    if not path.exists():
        return 0
    with open(path, newline="") as fh:
        return sum(row.get("status") == "failed" for row in csv.DictReader(fh))


def exercise_report(course: Path, assignment: str, out: Path | None = None,
                    failed: int | None = None) -> list[ExerciseStats]:
    """Write ``<out>/<assignment>_exercises.csv`` and ``.png`` (out: ``reports/``), print the table.

    ``failed``: submissions that could not be graded (not in the gradebook), named in the heading;
    by default counted in the class CSV next to the report.
    """
    course = Path(course).resolve()
    out = Path(out or course / "reports")
    out.mkdir(parents=True, exist_ok=True)
    if failed is None:
        failed = failed_in_class_csv(out / f"{assignment}.csv")
    cells, order = collect(course, assignment)
    stats = aggregate(cells, order)
    if not stats:
        print(f"no graded submissions of {assignment}: no per-exercise report")
        return stats
    write_csv(out / f"{assignment}_exercises.csv", stats)
    plot(out / f"{assignment}_exercises.png", assignment, stats)
    n = max(s.students for s in stats)
    apart = f"; {failed} that could not be graded {'is' if failed == 1 else 'are'} not counted" if failed else ""
    print(f"\nper exercise ({n} graded submissions{apart}; report: {out / (assignment + '_exercises.csv')}):")
    print(table(stats))
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("assignment", help="assignment id, e.g. 04_vmap")
    parser.add_argument("--course", type=Path, default=Path("."), help="course root (default: .)")
    parser.add_argument("--out", type=Path, help="folder for the CSV and PNG (default: <course>/reports)")
    args = parser.parse_args(argv)
    exercise_report(args.course, args.assignment, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
