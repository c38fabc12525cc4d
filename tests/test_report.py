"""The per-exercise report (what the class got wrong), on synthetic cells and on a graded class.

The graded class is tests/test_grading.py's shared grading run of the first assignment (solution,
blank, noisy-but-correct, every stored wrong and right answer, and broken submissions), reused
rather than graded again: the grade command writes the report, and the test checks it against what
those submissions must give.
"""

from __future__ import annotations

import csv
import itertools
from collections import Counter
from pathlib import Path

import pytest
from conftest import ASSIGNMENTS, ROOT, grade_id, read_nb
from test_grading import Graded, group, linked_exercises, notebook_name

from coursetools.grading import exercises as report
from coursetools.grading.exercises import CellResult


def cells_of(ex: str) -> tuple[str, str, str]:
    """The grade ids of an exercise's test cells: visible, hidden twin, edge cases."""
    return ex, f"{ex}_hidden", f"{ex}_edge"


# -- aggregation on a synthetic gradebook (fast) -------------------------------------------------


def synthetic() -> list[CellResult]:
    """Four students, two exercises (2 + 1 points and 1 + 2 points), in the gradebook's terms."""
    rows = []
    marks = {  # student: {grade_id: (score, message)}
        "ada": {"convolve": (2, ""), "convolve_hidden": (1, ""), "batched": (1, ""), "batched_hidden": (2, "")},
        "bob": {"convolve": (0, "Wrong shape (4,), expected (3,).\nmore detail"),
                "convolve_hidden": (0, "Wrong shape (4,), expected (3,)."),
                "batched": (1, ""), "batched_hidden": (0, "It loops in Python.")},
        "cy": {"convolve": (2, ""), "convolve_hidden": (0, "Not under jit."),
               "batched": (0, "Wrong shape (4,), expected (3,)."), "batched_hidden": (0, "It loops in Python.")},
        "dee": {"convolve": (0, "Wrong shape (4,), expected (3,)."), "convolve_hidden": (1, ""),
                "batched": (1, ""), "batched_hidden": (2, "")},
    }
    maxima = {"convolve": 2, "convolve_hidden": 1, "batched": 1, "batched_hidden": 2}
    for student, cells in marks.items():
        for gid, (score, message) in cells.items():
            rows.append(CellResult(student, gid, score, maxima[gid], report.first_line(message)))
    return rows


def test_aggregate_groups_visible_and_hidden_tests_per_exercise():
    stats = {s.exercise: s for s in report.aggregate(synthetic(), order=["convolve", "convolve_hidden", "batched"])}
    assert list(stats) == ["convolve", "batched"]
    conv, batched = stats["convolve"], stats["batched"]
    assert (conv.max_points, conv.students) == (3, 4) and batched.max_points == 3
    # convolve: ada 3, bob 0, cy 2, dee 1 -> one full, two partial, one attempted with no marks.
    assert (conv.full, conv.partial, conv.failed, conv.not_attempted) == (1, 2, 1, 0)
    assert conv.distribution == {0: 1, 1: 1, 2: 1, 3: 1} and conv.mean == pytest.approx(6 / 4)
    # A message counts once per student (bob saw it in both cells), only its first line.
    assert conv.messages == Counter({"Wrong shape (4,), expected (3,).": 2, "Not under jit.": 1})
    assert conv.top_messages(1) == [("Wrong shape (4,), expected (3,).", 2)]
    # batched: ada 3, bob 1, cy 0, dee 3.
    assert (batched.full, batched.partial, batched.failed, batched.not_attempted) == (2, 1, 1, 0)
    assert batched.top_messages() == [("It loops in Python.", 2), ("Wrong shape (4,), expected (3,).", 1)]


def test_failed_checks_come_before_the_gradebooks_notes_on_ties():
    note = "A submission scored zero because its kernel died"
    cells = [CellResult("ada", "tally", 0, 1, note, from_check=False), CellResult("bob", "tally", 0, 1, "Wrong dtype."),
             CellResult("cy", "tally", 0, 1, "Wrong shape.")]
    (stats,) = report.aggregate(cells)
    assert stats.top_messages() == [("Wrong dtype.", 1), ("Wrong shape.", 1), (note, 1)]


def test_report_files_and_table(tmp_path, capsys):
    stats = report.aggregate(synthetic())
    assert [s.exercise for s in stats] == ["batched", "convolve"], "without an order: by name"
    report.write_csv(tmp_path / "x.csv", stats)
    rows = list(csv.DictReader(open(tmp_path / "x.csv")))
    assert [r["exercise"] for r in rows] == ["batched", "convolve"]
    conv = rows[1]
    counts = tuple(conv[k] for k in ("max_points", "students", "full", "partial", "failed", "not_attempted"))
    assert counts == ("3", "4", "1", "2", "1", "0")
    assert conv["distribution"] == "0:1 1:1 2:1 3:1" and float(conv["mean"]) == pytest.approx(1.5)
    assert (conv["message_1"], conv["count_1"], conv["message_2"], conv["count_2"]) == (
        "Wrong shape (4,), expected (3,).", "2", "Not under jit.", "1")
    assert conv["message_3"] == conv["count_3"] == ""
    report.plot(tmp_path / "x.png", "demo", stats)
    assert (tmp_path / "x.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    print(report.table(stats))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("exercise") and lines[2].split()[:7] == ["convolve", "3", "1.50", "1", "2", "1", "0"]
    assert "2x Wrong shape (4,), expected (3,)." in lines[2]


def test_blanks_are_counted_apart_and_their_failures_are_not_counted():
    """Two blank notebooks (their stubs raise) and two attempts: the attempts' mistakes lead the report."""
    stub = "NotImplementedError was raised while this test ran it."
    cells = []
    for student in ("blank1", "blank2"):
        cells += [CellResult(student, "tally", 0, 2, stub, blank=True), CellResult(student, "tally_hidden", 0, 1, stub,
                                                                                    blank=True)]
    cells += [CellResult("ada", "tally", 0, 2, "Wrong dtype."), CellResult("ada", "tally_hidden", 0, 1, "Wrong dtype."),
              CellResult("bob", "tally", 2, 2), CellResult("bob", "tally_hidden", 0, 1, "Not under jit.")]
    (stats,) = report.aggregate(cells)
    assert (stats.students, stats.full, stats.partial, stats.failed, stats.not_attempted) == (4, 0, 1, 1, 2)
    assert stats.messages == Counter({"Wrong dtype.": 1, "Not under jit.": 1}), "blanks' stubs are not mistakes"
    # A stub that earned points (a test that passes on it) is an attempt after all.
    (lucky,) = report.aggregate([CellResult("cy", "tally", 1, 2, "", blank=True)])
    assert (lucky.partial, lucky.not_attempted) == (1, 0)


def test_a_blank_answer_is_the_stub_or_still_raises_it():
    stub = "def tally(x):\n    # YOUR CODE HERE\n    raise NotImplementedError()"
    assert report.is_blank(stub, stub)
    assert report.is_blank("def tally(x):\n\n    # I will do this later\n    raise NotImplementedError()\n", stub)
    assert report.is_blank("def tally(x):\n    y = x + 1\n    raise NotImplementedError()", stub)
    assert report.is_blank(None, stub), "a deleted answer cell"
    assert not report.is_blank("def tally(x):\n    return x.sum()", stub)


def test_a_test_cell_checks_its_own_answer_or_the_one_above_it():
    def cell(gid, **flags):
        return {"cell_type": "code", "source": "", "metadata": {"nbgrader": {"grade_id": gid, **flags}}}

    nb = {"cells": [cell("dtypes_answer", solution=True), cell("dtypes", grade=True),
                    cell("dtypes_scalars", grade=True), cell("dtypes_scalars_hidden", grade=True),
                    cell("velocity_answer", solution=True), cell("velocity_hidden", grade=True)]}
    assert report.answer_cells(nb) == {"dtypes": "dtypes_answer", "dtypes_scalars": "dtypes_answer",
                                       "dtypes_scalars_hidden": "dtypes_answer", "velocity_hidden": "velocity_answer"}


def test_exercise_of():
    assert report.exercise_of("pairwise_distances_hidden") == "pairwise_distances"
    assert report.exercise_of("convolve_shapes") == "convolve_shapes"


# -- a graded class ---------------------------------------------------------------------------

AID = ASSIGNMENTS[0]


# -- the class CSV, the score figure and the summary, on synthetic results (fast) --------------------

def synthetic_class():
    from coursetools.grading.result import Result

    return [Result("ada", 17, 17), Result("bob", 0, 17, status="check", reason="unchanged from the release"),
            Result("cy", 9, 17), Result("dee", 0, 17, status="failed", reason="not a valid Jupyter notebook"),
            Result("eve", 0, 17)]


def test_could_not_be_graded_has_an_empty_score_in_the_class_csv(tmp_path):
    from coursetools.grading.report import read_class_csv, write_class_csv

    path = tmp_path / "90_tiny.csv"
    write_class_csv(path, synthetic_class())
    rows = {row["student"]: row for row in csv.DictReader(path.open())}
    assert rows["dee"]["score"] == "" and rows["dee"]["status"] == "failed", rows["dee"]  # as in grades.csv
    assert rows["eve"]["score"] == "0" and rows["bob"]["score"] == "0", "a graded zero stays a zero"
    assert [r.status for r in read_class_csv(path)] == ["graded", "check", "graded", "failed", "graded"]


def test_the_score_figure_gives_could_not_be_graded_its_own_bar_and_whole_number_counts():
    from coursetools.grading.report import score_figure

    fig = score_figure("90_tiny", synthetic_class())
    ax = fig.axes[0]
    red = [p for p in ax.patches if p.get_facecolor()[:3] == pytest.approx((0.839, 0.153, 0.157), abs=0.01)]
    blue = [p for p in ax.patches if p not in red]
    centre = {round(p.get_x() + p.get_width() / 2, 9): p.get_height() for p in blue}
    assert sorted(centre) == list(range(18)), "a bar per whole score 0..17, centred on it"
    assert centre[0] == 2 and centre[9] == 1 and centre[17] == 1, "the 0 bar holds the graded zeros only"
    assert sum(centre.values()) == 4
    assert len(red) == 1 and red[0].get_height() == 1, "one bar of its own, holding the one failed submission"
    assert red[0].get_x() + red[0].get_width() < min(p.get_x() for p in blue), "left of the 0 bar, not in it"
    fig.canvas.draw()
    counts = [t for t in ax.get_yticks() if ax.get_ylim()[0] <= t <= ax.get_ylim()[1]]
    assert counts and all(float(t).is_integer() for t in counts), counts
    labels = ax.get_xticklabels()
    assert labels[0].get_text() == "none" and labels[-1].get_text() == "17", [t.get_text() for t in labels]
    assert labels[-1].get_fontweight() == "bold" and labels[-1].get_position()[0] == 17, "the maximum, marked"
    assert all(float(t.get_text()).is_integer() for t in labels[1:])


@pytest.mark.parametrize("max_score", [3, 15, 16, 17, 18, 40])
def test_small_maxima_have_a_bar_per_whole_score_and_the_maximum_on_a_tick(max_score):
    from coursetools.grading.report import score_bins, score_ticks

    edges, width = score_bins(max_score)
    assert width == 1 and edges == [k - 0.5 for k in range(max_score + 2)], "bars centred on 0, 1, ..., max"
    ticks = score_ticks(max_score, width)
    assert ticks[0] == 0 and ticks[-1] == max_score and all(t.is_integer() for t in ticks)
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert len(ticks) <= 11 and (max_score <= 10 or min(gaps) >= 2), ticks  # labels apart


@pytest.mark.parametrize(("max_score", "width"), [(41, 2), (100, 5), (97, 5), (250, 10), (1000, 50)])
def test_large_maxima_have_integer_aligned_bins(max_score, width):
    import numpy as np

    from coursetools.grading.report import score_bins, score_ticks

    edges, w = score_bins(max_score)
    assert w == width and edges[0] == 0 and all(float(e).is_integer() for e in edges)
    assert np.diff(edges).tolist() == [width] * (len(edges) - 1) and len(edges) - 1 <= 41
    counts, _ = np.histogram([0, max_score - 1, max_score], bins=edges)
    assert counts[0] == 1 and counts.sum() == 3 and edges[-2] <= max_score < edges[-1], "full marks in the last bin"
    if max_score % width == 0:
        assert counts[-1] == 1, "full marks in a bin of their own when the width divides the maximum"
    ticks = score_ticks(max_score, w)
    assert ticks[-1] == max_score and all(t % width == 0 for t in ticks[:-1]), ticks


def test_the_summary_counts_check_and_failed_as_needing_you():
    from coursetools.grading.report import counts, summary_line

    results = synthetic_class()
    assert counts(results) == {"graded": 4, "check": 1, "failed": 1, "need_instructor": 2}
    assert summary_line(results) == "graded 4 of 5 submissions; 2 need you (1 could not be graded, 1 to look at)"


def test_the_failed_page_says_only_what_is_true(tmp_path):
    """The instructor is not "told" (nothing is sent): the submission is listed in the grading report."""
    from coursetools.grading.feedback import write_failed_page
    from coursetools.grading.result import Result

    (tmp_path / "submitted" / "dee" / "90_tiny").mkdir(parents=True)
    dee = Result("dee", 0, 3, status="failed", reason="90_tiny.ipynb is not a valid Jupyter notebook (NotJSONError)")
    [page] = write_failed_page(tmp_path, "90_tiny", dee, ["90_tiny.ipynb"])
    text = " ".join(page.read_text().split())
    assert "has been told" not in text
    assert "listed in your instructor's grading report as a submission that could not be graded" in text
    assert "no score yet</b> (not a zero)" in text


def test_byte_identical_submissions_of_different_students_are_flagged(tmp_path):
    """Two students who hand in the same file are each ``check``, naming the other; the blank release handed
    in by two students is not a copy between them (it is flagged on its own); a failed submission is left
    alone; and a later run recomputes the note (a replaced copy clears it, other reasons stay)."""
    from coursetools.grading.report import flag_identical
    from coursetools.grading.result import Result

    name = "90_tiny.ipynb"
    (tmp_path / "release" / "90_tiny").mkdir(parents=True)
    (tmp_path / "release" / "90_tiny" / name).write_text('{"cells": []}')
    files = {"ada": '{"cells": ["mine"]}', "bob": '{"cells": ["mine"]}', "cy": '{"cells": []}', "dee": '{"cells": []}',
             "eve": '{"cells": ["own"]}', "fay": '{"cells": ["mine"]}', "gil": '{"cells": ["own work"]}',
             "hal": '{"cells": ["own work"]}'}
    for student, text in files.items():
        (tmp_path / "submitted" / student / "90_tiny").mkdir(parents=True)
        (tmp_path / "submitted" / student / "90_tiny" / name).write_text(text)
    results = [Result("ada", 3, 3), Result("bob", 3, 3), Result("cy", 0, 3, "check", "unchanged from the release"),
               Result("dee", 0, 3, "check", "unchanged from the release"), Result("eve", 2, 3),
               Result("fay", 0, 3, "failed", "crash"), Result("gil", 1, 3, "check", "test cells were changed"),
               Result("hal", 1, 3, reason="late: submitted 60 s after the due date")]
    flag_identical(tmp_path, "90_tiny", results)
    got = {r.student: (r.status, r.reason) for r in results}
    assert got["ada"] == ("check", "identical to bob's submission")
    assert got["bob"] == ("check", "identical to ada's submission")
    assert got["cy"] == got["dee"] == ("check", "unchanged from the release"), "the blank is no copy between them"
    assert got["eve"] == ("graded", "") and got["fay"] == ("failed", "crash")
    assert got["gil"] == ("check", "test cells were changed; identical to hal's submission")
    assert got["hal"] == ("check", "late: submitted 60 s after the due date; identical to gil's submission")
    flag_identical(tmp_path, "90_tiny", results)
    assert [(r.status, r.reason) for r in results] == list(got.values()), "a second run adds no second note"

    (tmp_path / "submitted" / "bob" / "90_tiny" / name).write_text('{"cells": ["his own"]}')  # bob hands in again
    (tmp_path / "submitted" / "hal" / "90_tiny" / name).write_text('{"cells": ["hal alone"]}')
    flag_identical(tmp_path, "90_tiny", results)
    got = {r.student: (r.status, r.reason) for r in results}
    assert got["ada"] == ("graded", "") and got["bob"] == ("graded", "")
    assert got["gil"] == ("check", "test cells were changed"), "its own reason stays"
    assert got["hal"] == ("graded", "late: submitted 60 s after the due date"), "late alone is no check"


# -- blank and instructor copies (the precheck's rule, fast) ---------------------------------------

def wrong_copy_of(nb: dict) -> str:
    import json

    import nbformat

    from coursetools.grading.precheck import cell_info, wrong_copy

    release = nbformat.read(ROOT / "release" / AID / notebook_name(AID), as_version=4)
    released = {grade_id(c): c.source for c in release.cells if grade_id(c)}
    answers = [grade_id(c) for c in release.cells if cell_info(c).get("solution")]
    return wrong_copy(nbformat.reads(json.dumps(nb), as_version=4).cells, released, answers)


def test_blank_and_instructor_copies_are_recognised():
    import copy

    from coursetools.bench_grading import student_copy
    from coursetools.grading.precheck import BLANK_COPY, INSTRUCTOR_COPY

    name = notebook_name(AID)
    blank = read_nb(ROOT / "release" / AID / name)
    assert wrong_copy_of(blank) == BLANK_COPY
    assert BLANK_COPY.startswith("unchanged from the release: probably the wrong copy")
    commented = copy.deepcopy(blank)  # a comment or a blank line is no answer
    first = next(c for c in commented["cells"] if (grade_id(c) or "").endswith("_answer"))
    first["source"] = "# I will do this later\n\n" + "".join(first["source"])
    assert wrong_copy_of(commented) == BLANK_COPY
    one_answer = copy.deepcopy(blank)
    first = next(c for c in one_answer["cells"] if (grade_id(c) or "").endswith("_answer"))
    first["source"] = "def ring_push(buffer, head, values):\n    return buffer, head\n"
    assert wrong_copy_of(one_answer) == ""
    assert wrong_copy_of(student_copy(AID, name)) == "", "the solution as a student types it is their own"
    for folder in ("solutions", "source"):
        assert wrong_copy_of(read_nb(ROOT / folder / AID / name)) == INSTRUCTOR_COPY, folder
    assert INSTRUCTOR_COPY.startswith("holds the instructor's version")
    hidden_only = student_copy(AID, name)  # a student copy whose test cells came from the instructor's
    solution = {grade_id(c): c for c in read_nb(ROOT / "solutions" / AID / name)["cells"]}
    hidden_only["cells"] = [solution[grade_id(c)] if (grade_id(c) or "").endswith("_hidden") else c
                            for c in hidden_only["cells"]]
    assert wrong_copy_of(hidden_only) == INSTRUCTOR_COPY


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    return Graded(tmp_path_factory)[AID]


def failing_first_lines(course: Path, student: str, ex: str) -> set[str]:
    """First lines of the failed checks in one student's autograded cells of exercise ``ex``."""
    nb = read_nb(course / "autograded" / student / AID / notebook_name(AID))
    return {report.first_line(o["evalue"]) for c in nb["cells"] if grade_id(c) in cells_of(ex)
            for o in c.get("outputs", []) if o.get("output_type") == "error"}


@pytest.mark.slow
@group(AID)
def test_grading_writes_the_per_exercise_report_of_the_class(graded):
    course, plan, results = graded["course"], graded["plan"], graded["results"]
    source = read_nb(ROOT / "source" / AID / notebook_name(AID))
    points = {grade_id(c): c["metadata"]["nbgrader"]["points"] for c in source["cells"]
              if c.get("metadata", {}).get("nbgrader", {}).get("grade")}
    exercises = list(dict.fromkeys(report.exercise_of(g) for g in points))  # a hidden test may stand alone
    # The exercise whose answer each one checks (its own, or the answer above a second test of it).
    checked = report.answer_cells(source)
    answer_of = {ex: checked[ex if ex in points else f"{ex}_hidden"].removesuffix("_answer") for ex in exercises}
    rows = {r["exercise"]: r for r in csv.DictReader(open(course / "reports" / f"{AID}_exercises.csv"))}
    # The exercises each wrong-answer notebook keeps the solution of (test_grading.build_submissions).
    linked = linked_exercises(read_nb(ROOT / "solutions" / AID / notebook_name(AID)))
    needed = {st: set(used).union(*(linked[e] for e in used)) for st, used in plan.items()}
    assert list(rows) == exercises, "one row per exercise, in the notebook's order"
    assert (course / "reports" / f"{AID}_exercises.png").read_bytes()[:4] == b"\x89PNG"

    # Who was graded: everyone but the submissions that could not be (not a notebook, empty folder).
    class_ = sorted(s for s, r in results.items() if r.status != "failed")
    assert {"solution", "blank", "right1", "kernelkiller"} <= set(class_) and len(class_) < len(results)
    stats = {s.exercise: s for s in report.aggregate(*report.collect(course, AID))}
    for ex in exercises:
        row, s = rows[ex], stats[ex]
        # Expected from the inputs: the solution and every right answer (the first one noisy) keep full
        # marks; the blank notebook gets zero; a wrong-answer notebook loses points on the exercises it
        # holds wrong answers for, and on those it leaves blank (all the others but the linked ones); the
        # kernel killer is recorded with zero everywhere.
        losers = {"blank", "kernelkiller"} | {st for st, used in plan.items() if st.startswith("wrong")
                                              and answer_of[ex] not in (needed[st] - set(used))}
        assert float(row["max_points"]) == sum(points.get(g, 0) for g in cells_of(ex))
        assert int(row["students"]) == len(class_)
        if answer_of[ex] == ex:
            assert int(row["full"]) == len(class_) - len(losers), ex
            assert int(row["partial"]) + int(row["failed"]) + int(row["not_attempted"]) == len(losers), ex
        else:  # a second test of another exercise's answer: some of that answer's mistakes may pass it
            assert int(row["full"]) >= len(class_) - len(losers), ex
        stubbed = {"blank"} | {st for st in plan if st.startswith("wrong") and answer_of[ex] not in needed[st]}
        assert int(row["not_attempted"]) == len(stubbed), (
            "the blank notebook and the wrong-answer notebooks that leave this exercise blank, and only they, did "
            "not attempt it")
        assert int(row["failed"]) >= 1, "the kernel killer attempted it and has no marks"
        # Points match the gradebook as tests/test_grading.py read it.
        totals = [sum(graded["cells"][st][g][0] for g in cells_of(ex) if g in graded["cells"][st])
                  for st in class_]
        assert float(row["mean"]) == pytest.approx(sum(totals) / len(totals), abs=1e-3)
        assert row["distribution"] == " ".join(f"{p:g}:{n}" for p, n in sorted(Counter(totals).items()))
        assert sorted(s.scores) == sorted(totals)
        # Messages: each student who attempted the exercise and failed a check counts once per first
        # line (the blank notebook's stubs are not mistakes); the kernel killer's zero is explained by
        # the grader's note.
        expected = Counter()
        for st in class_:
            if st not in stubbed:
                expected.update(failing_first_lines(course, st, ex))
        # The kernel killer's cells that passed their checks were zeroed afterwards: the grader's note says why.
        killer = graded["cells"]["kernelkiller"]
        autograded = read_nb(course / "autograded" / "kernelkiller" / AID / notebook_name(AID))
        failed_cells = {grade_id(c) for c in autograded["cells"]
                        if any(o.get("output_type") == "error" for o in c.get("outputs", []))}
        if any(g in killer and g not in failed_cells for g in cells_of(ex)):
            expected["This submission scored zero because its kernel died during grading"] += 1
        assert s.messages == expected, ex
        # (A real mistake may say NotImplementedError too: jax.experimental.sparse raises it under vmap.)
        stubs = failing_first_lines(course, "blank", ex) - set(expected)
        assert stubs and not stubs & set(s.messages), "the blank notebook's stubs are not counted"
        top = [(row[f"message_{k}"], int(row[f"count_{k}"])) for k in range(1, report.TOP + 1) if row[f"message_{k}"]]
        assert top == s.top_messages() and top[0][1] == max(expected.values())
