"""The grading round trip, in a scratch copy of the course, through the instructor's grade command.

For every assignment: the executed solution gets full marks, the blank student version zero, a
correct answer that writes to stderr and warns keeps full marks (the first right-answer notebook),
and every stored typical wrong answer (``# %% wrong: <slug>`` in tests/answers/<assignment>/<exercise>.py)
loses points on its exercise with a one-line message, while every stored alternative correct
answer (``# %% right: <slug>``, written another way than the solution) keeps full marks: the
hidden tests check behaviour, not one spelling. Broken submissions are recorded with zero and a
reason while the rest are graded.

Points come only from hidden test cells on inputs the student never saw (CONTRIBUTING.md, "Points"):
the visible cell ``<ex>`` is feedback with 0 points, so a cell *fails* when it lost points or shows an
error. Every exercise has a stored wrong answer ``<ex>__hardcoded_visible.py`` (first line ``# Wrong:
the visible outputs hard-coded``) that passes its visible cell and must score 0 on the exercise.

Every stored wrong answer also says what its student must be told (issue 23): a ``# Says: <word>[,
<word> ...]`` line names words (case-insensitive) that the first failing sentence the student sees
must contain (the visible test's, when it fails; else the hidden test's), and the visible test must
fail, unless the file says ``# Caught: hidden (<why no small input shows it>)``, in which case the
visible test passes and the hidden one fails. These checks read the scores and messages the round
trip already produced (no grading of their own); per assignment, the share of stored wrong answers
whose visible test fails is printed and written to ``artifacts/wrong_answers/visible_catch.json``.
"""

from __future__ import annotations

import copy
import io
import os
import re
from pathlib import Path

import pytest
from conftest import (
    ASSIGNMENTS,
    ROOT,
    SANDBOX,
    copy_course,
    course_env,
    environ,
    grade_id,
    read_nb,
    shared_once,
    source,
    write_nb,
)

# how a stored answer's file and header are read: one definition, shared with the one-exercise check
from coursetools.answers import Answer
from coursetools.exercise_check import CAUGHT, CAUGHT_HIDDEN, SAYS, header, stored_answers
from coursetools.grading.course import with_fast_compile

pytestmark = pytest.mark.slow


NOISE = '''import sys as _sys
import warnings as _warnings

_warnings.simplefilter("always")


def _noisy(*_args):
    print("debug: running a cell", file=_sys.stderr)
    _warnings.warn("an honest warning", stacklevel=1)


get_ipython().events.register("pre_run_cell", _noisy)
'''


def wrong_answers(aid: str) -> dict[str, list[Answer]]:
    """Exercise id -> its stored wrong answers (tests/answers/<aid>/<ex>.py)."""
    return stored_answers("wrong", aid)


def right_answers(aid: str) -> dict[str, list[Answer]]:
    """Exercise id -> its stored alternative correct answers (tests/answers/<aid>/<ex>.py)."""
    return stored_answers("right", aid)


def says_words(path: Answer) -> list[str]:
    """The words of a stored wrong answer's ``# Says:`` line; fails with what to write when it has none."""
    found = SAYS.findall(header(path))
    assert found, (f"{path} has no '# Says: <word>[, <word> ...]' line under its '# Wrong:' line: "
                   "name the words (case-insensitive) that the first failing sentence the student sees must "
                   "contain, the ones that name this mistake")
    assert len(found) == 1, f"{path} has {len(found)} '# Says:' lines; write one"
    words = [w.strip() for w in found[0].split(",") if w.strip()]
    assert words, f"{path}: its '# Says:' line names no word"
    return words


def caught_by_hidden(path: Answer) -> str | None:
    """The reason after ``# Caught: hidden (...)``, or None when the visible test must catch the mistake."""
    found = CAUGHT.findall(header(path))
    if not found:
        return None
    assert len(found) == 1, f"{path} has {len(found)} '# Caught:' lines; write at most one"
    m = CAUGHT_HIDDEN.match(found[0])
    assert m, (f"{path}: '# Caught:{found[0]}' is not '# Caught: hidden (<why no small input "
               "shows it>)'; without that line the visible test must fail")
    return m.group(1).strip()


def exercise_test_cells(aid: str) -> dict[str, list[tuple[str, bool]]]:
    """Exercise -> its graded test cells in notebook order, as (grade id, hidden?), from source/.

    A test cell belongs to the exercise whose answer cell comes last before it; it is hidden when
    its source holds nbgrader's ``### BEGIN HIDDEN TESTS`` (the student's notebook shows only its
    docstring).
    """
    out: dict[str, list[tuple[str, bool]]] = {}
    current = None
    for c in read_nb(ROOT / "source" / aid / notebook_name(aid))["cells"]:
        gid = grade_id(c) or ""
        if gid.endswith("_answer"):
            current = gid[: -len("_answer")]
        elif current and c.get("metadata", {}).get("nbgrader", {}).get("grade") and c["cell_type"] == "code":
            out.setdefault(current, []).append((gid, "### BEGIN HIDDEN TESTS" in source(c)))
    return out


def failed_cells(graded_aid: dict, aid: str, student: str) -> dict[str, tuple[float, float]]:
    """Grade id -> (score, max score) of each test cell that lost points or shows an error (a 0-point
    visible cell fails only by its error), read from the round trip's gradebook and autograded notebook."""
    scores = graded_aid["cells"][student]
    nb = read_nb(graded_aid["course"] / "autograded" / student / aid / notebook_name(aid))
    shows_error = {grade_id(c) for c in nb["cells"] if grade_id(c)
                   and any(o.get("output_type") == "error" for o in c.get("outputs", []))}
    return {gid: tuple(v) for gid, v in scores.items() if v[0] < v[1] or gid in shows_error}


def first_failure(graded_aid: dict, aid: str, student: str, ex: str) -> tuple[str, str, bool]:
    """What the student is told first about ``ex``: (grade id, sentence, visible?) of its first failing test cell.

    The visible cells come first (the student runs them before handing in), then the hidden ones
    (the feedback); ('', '', False) when none failed. Read from the round trip's gradebook scores and
    autograded notebook: nothing is graded again.
    """
    cells = exercise_test_cells(aid).get(ex, [])
    failed = failed_cells(graded_aid, aid, student)
    nb = read_nb(graded_aid["course"] / "autograded" / student / aid / notebook_name(aid))
    outputs = {grade_id(c): c.get("outputs", []) for c in nb["cells"] if grade_id(c)}
    for want_hidden in (False, True):
        for gid, hidden in cells:
            if hidden == want_hidden and gid in failed:
                errors = [o for o in outputs.get(gid, []) if o.get("output_type") == "error"]
                sentence = (errors[0].get("evalue") or errors[0].get("ename") or "").strip() if errors else ""
                return gid, sentence, not hidden
    return "", "", False


def catch_share(graded_aid: dict, aid: str) -> tuple[int, int]:
    """(stored wrong answers whose visible test fails, stored wrong answers) for one assignment."""
    visible = total = 0
    for ex, paths in wrong_answers(aid).items():
        for path in paths:
            (student,) = [s for s, used in graded_aid["plan"].items() if used.get(ex) == path]
            total += 1
            visible += first_failure(graded_aid, aid, student, ex)[2]
    return visible, total


def group(aid: str):
    """One xdist group per assignment: its tests run on the worker that grades it (no waiting on the lock)."""
    return pytest.mark.xdist_group(f"grading-{aid}")


WRONG_CASES = [pytest.param(aid, path, marks=group(aid), id=f"{aid}/{path.stem}")
               for aid in ASSIGNMENTS for paths in wrong_answers(aid).values() for path in paths]
RIGHT_CASES = [pytest.param(aid, path, marks=group(aid), id=f"{aid}/{path.stem}")
               for aid in ASSIGNMENTS for paths in right_answers(aid).values() for path in paths]
BY_ASSIGNMENT = [pytest.param(aid, marks=group(aid), id=aid) for aid in ASSIGNMENTS]


def notebook_name(aid: str) -> str:
    (nb,) = sorted((ROOT / "source" / aid).glob("*.ipynb"))
    return nb.name


def replace_answer(nb: dict, ex: str, new_source: str) -> dict:
    nb = copy.deepcopy(nb)
    cells = [c for c in nb["cells"] if grade_id(c) == f"{ex}_answer"]
    assert cells, f"no answer cell {ex}_answer for wrong answer of {ex}"
    cells[0]["source"] = new_source
    return nb


def prepend_to_first_answer(nb: dict, text: str) -> dict:
    nb = copy.deepcopy(nb)
    cell = next(c for c in nb["cells"] if (grade_id(c) or "").endswith("_answer"))
    cell["source"] = text + "\n" + source(cell)
    return nb


def linked_exercises(nb: dict) -> dict[str, set[str]]:
    """Exercise -> the exercises whose answers it uses or that use its answer (by the names defined), transitively."""
    import ast

    cells = {grade_id(c): source(c) for c in nb["cells"] if grade_id(c)}
    exercises = [g[: -len("_answer")] for g in cells if g.endswith("_answer")]
    defined = {}
    for ex in exercises:
        tree = ast.parse(cells[f"{ex}_answer"])
        defined[ex] = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))} | {
            t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    text = {ex: "\n".join(cells[g] for g in (ex, f"{ex}_answer", f"{ex}_hidden", f"{ex}_edge")
                      if g in cells) for ex in exercises}
    uses = {b: {a for a in exercises if a != b and any(re.search(rf"\b{re.escape(name)}\b", text[b])
                                                       for name in defined[a])} for b in exercises}
    # Transitively: a wrong flip makes a wrong augment_batch look consistent with the student's augment.
    changed = True
    while changed:
        changed = False
        for b in exercises:
            more = set().union(*(uses[a] for a in uses[b])) - uses[b] - {b}
            if more:
                uses[b] |= more
                changed = True
    return {ex: uses[ex] | {b for b in exercises if ex in uses[b]} for ex in exercises}


def solved_copy(aid: str) -> dict:
    """What a student who solved everything hands in: the release with the solution's answers, without
    nbgrader's markers (never the instructor's notebook, whose markers and hidden tests the grader
    flags as the instructor's version)."""
    from coursetools.bench_grading import student_copy

    return student_copy(aid, notebook_name(aid))


def build_submissions(course: Path, aid: str) -> dict[str, dict[str, Answer]]:
    """Write submitted/<student>/<aid>/ folders; return student -> {exercise: wrong answer file}."""
    name = notebook_name(aid)
    solution = solved_copy(aid)
    blank = read_nb(ROOT / "release" / aid / name)
    plan: dict[str, tuple[dict, dict[str, Answer]]] = {
        "solution": (solution, {}),
        "blank": (blank, {}),
    }
    linked = linked_exercises(read_nb(ROOT / "solutions" / aid / name))  # hidden tests included
    stray = sorted(set(wrong_answers(aid)) - set(linked))
    assert not stray, (f"tests/answers/{aid} holds wrong answers for {stray}, which have no answer cell in "
                       f"source/{aid}")
    groups: list[dict[str, Answer]] = []
    for ex, paths in wrong_answers(aid).items():
        for path in paths:
            # Share a notebook only with wrong answers to exercises that neither use nor are used by
            # this one, so that each wrong answer must be caught by its own exercise's tests.
            group = next((g for g in groups if not any(e == ex or e in linked[ex] for e in g)), None)
            if group is None:
                groups.append(group := {})
            group[ex] = path
    stubs = {grade_id(c)[: -len("_answer")]: source(c) for c in blank["cells"]
             if (grade_id(c) or "").endswith("_answer")}
    for k, used in enumerate(groups):
        # The exercises this notebook does not test keep the blank stub (they fail at once instead of
        # running their hidden checks again: the solution's own run grades them), unless linked.
        nb = solution
        needed = set(used).union(*(linked[ex] for ex in used))
        for ex in sorted(set(stubs) - needed):
            nb = replace_answer(nb, ex, stubs[ex])
        for ex, path in used.items():
            nb = replace_answer(nb, ex, path.read_text())
        plan[f"wrong{k + 1}"] = (nb, used)
    # Right answers are all correct, so they share notebooks freely: the k-th alternative of every
    # exercise goes into student right<k>, and later exercises then build on the alternatives.
    rights = right_answers(aid)
    for k in range(max(map(len, rights.values()), default=0)):
        used = {ex: paths[k] for ex, paths in rights.items() if k < len(paths)}
        nb = solution
        for ex, path in used.items():
            nb = replace_answer(nb, ex, path.read_text())
        if k == 0:  # the honest student: right answers that also print to stderr and warn before every cell
            nb = prepend_to_first_answer(nb, NOISE)
        plan[f"right{k + 1}"] = (nb, used)
    for student, (nb, _) in plan.items():
        write_nb(nb, course / "submitted" / student / aid / name)
    return {student: used for student, (_, used) in plan.items()}


def add_bad_submissions(course: Path, aid: str) -> None:
    name = notebook_name(aid)
    folder = course / "submitted"
    (folder / "notanotebook" / aid).mkdir(parents=True)
    (folder / "notanotebook" / aid / name).write_text("print('I saved a .py file as .ipynb')\n")
    (folder / "emptyfolder" / aid).mkdir(parents=True)
    solution = solved_copy(aid)
    killer = prepend_to_first_answer(solution, "import os\nimport signal\n\nos.kill(os.getpid(), signal.SIGKILL)\n")
    write_nb(killer, folder / "kernelkiller" / aid / name)


def grade_assignment(aid: str, course: Path) -> dict:
    """Grade every planned submission of one assignment in its own scratch course (JSON-able result)."""
    from dataclasses import asdict

    from nbgrader.api import Gradebook

    from coursetools.grading.pipeline import grade

    copy_course(course)
    plan = build_submissions(course, aid)
    if aid == ASSIGNMENTS[0]:
        add_bad_submissions(course, aid)
    # The round trip checks scores, so it grades without the sandbox (tests/test_sandbox.py and
    # tests/test_attacks.py grade through it) and shares one JAX compilation cache across its
    # kernels, which roughly halves its CPU time. Never do this for real students: a shared cache is
    # writable by every kernel. The 1-device nbval run of the solution (tests/test_notebooks.py) shares
    # it too: this folder is conftest.grading_jax_cache(..., aid).
    cache = {"JAX_COMPILATION_CACHE_DIR": str(course.parent / "jax-cache"),
             "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0",
             "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "-1",
             # A device count left in the instructor's shell must not reach the kernels: on one device
             # 05's wrong answers (pmean for psum, one key for all devices) would pass.
             "JAX_NUM_CPU_DEVICES": "1",
             # Stored answers are checked with XLA's quickest compilation (course.FAST_COMPILE_FLAG):
             # it roughly halves the round trip's CPU time; students' grading keeps XLA's defaults.
             "XLA_FLAGS": with_fast_compile(os.environ)["XLA_FLAGS"]}
    with environ(**cache):
        # Feedback pages are read only for the first assignment (the kernel killer's page says why it
        # got zero); the others skip nbgrader's generate_feedback, whose failure would only be printed.
        results = {r.student: r for r in grade(aid, course, workers=2, timeout=300, sandboxed=False,
                                               feedback=aid == ASSIGNMENTS[0])}
    cells = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for student, r in results.items():
            if r.status != "failed":
                sub = gb.find_submission_notebook(Path(notebook_name(aid)).stem, aid, student)
                cells[student] = {g.name: (g.score, g.max_score) for g in sub.grades}
    return {"results": {s: asdict(r) for s, r in results.items()}, "cells": cells, "course": str(course),
            "plan": {s: {ex: p.stem for ex, p in used.items()} for s, used in plan.items()}}


class Graded(dict):
    """Grades each assignment on first use, once per test run: {aid: {"results", "cells", "plan", "course"}}."""

    def __init__(self, tmp_path_factory):
        super().__init__()
        self.factory = tmp_path_factory

    def __missing__(self, aid: str) -> dict:
        from coursetools.grading.result import Result

        data = shared_once(self.factory, f"graded-{aid}", lambda folder: grade_assignment(aid, folder / "course"))
        data["results"] = {s: Result(**r) for s, r in data["results"].items()}
        stored = {a.stem: a for find in (wrong_answers, right_answers) for found in find(aid).values() for a in found}
        data["plan"] = {s: {ex: stored[p] for ex, p in used.items()} for s, used in data["plan"].items()}
        data["course"] = Path(data["course"])
        self[aid] = data
        return data


@pytest.fixture(scope="session")
def graded(tmp_path_factory):
    return Graded(tmp_path_factory)


@pytest.mark.parametrize("aid", BY_ASSIGNMENT)
def test_solution_gets_full_marks(graded, aid):
    r = graded[aid]["results"]["solution"]
    lost = failed_cells(graded[aid], aid, "solution")
    assert r.status == "graded" and r.score == r.max_score > 0, f"{r}; cells that lost points: {lost}"


@pytest.mark.parametrize("aid", BY_ASSIGNMENT)
def test_blank_release_gets_zero(graded, aid):
    r = graded[aid]["results"]["blank"]
    scored = {k: v for k, v in graded[aid]["cells"]["blank"].items() if v[0]}
    # graded, or graded and flagged for a look as the wrong copy (coursetools.grading.precheck)
    assert r.status in ("graded", "check") and r.score == 0, f"the blank notebook earned points in {scored}: {r}"


@pytest.mark.parametrize("aid", BY_ASSIGNMENT)
def test_stderr_and_warnings_do_not_cost_marks(graded, aid):
    # right1 holds the first stored right answer of every exercise, and its first answer cell
    # registers a hook that writes to stderr and warns before every cell (NOISE).
    r = graded[aid]["results"]["right1"]
    lost = failed_cells(graded[aid], aid, "right1")
    assert r.status == "graded" and r.score == r.max_score, f"a noisy but correct answer lost {lost}"
    # The noise really reached the test cells (so the check above means something).
    autograded = graded[aid]["course"] / "autograded" / "right1" / aid / notebook_name(aid)
    texts = [o.get("text", "") for c in read_nb(autograded)["cells"] for o in c.get("outputs", [])]
    assert any("debug: running a cell" in "".join(t) for t in texts)


@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_every_exercise_has_wrong_answers(aid):
    answers = {grade_id(c)[: -len("_answer")] for c in read_nb(ROOT / "source" / aid / notebook_name(aid))["cells"]
               if (grade_id(c) or "").endswith("_answer")}
    assert len(answers) >= 4, f"{aid} has {len(answers)} exercises; the course asks for at least four"
    missing = {ex for ex in answers if sum(p.name != ex + HARDCODED for p in wrong_answers(aid).get(ex, [])) < 2}
    assert not missing, (f"exercises of {aid} with fewer than two stored wrong answers besides <ex>{HARDCODED}: "
                         f"{sorted(missing)}")


@pytest.mark.parametrize("aid,path", WRONG_CASES)
def test_wrong_answer_loses_points(graded, aid, path):
    ex = path.name.split("__")[0]
    (student,) = [s for s, used in graded[aid]["plan"].items() if used.get(ex) == path]
    assert path.read_text().startswith("# Wrong:"), f"{path.name} must start with '# Wrong: <what is wrong>'"
    cells = {k: tuple(v) for k, v in graded[aid]["cells"][student].items()}
    ids = {gid for gid, _ in exercise_test_cells(aid).get(ex, [])}  # ex, ex_hidden and any other test cell of ex
    mine = {k: v for k, v in cells.items() if k in ids}
    assert mine, f"no graded test cells of {ex} in {aid}"
    score, max_score = sum(v[0] for v in mine.values()), sum(v[1] for v in mine.values())
    assert score < max_score, f"{path.name} kept full marks on {ex}: {mine}"
    if path.name == f"{ex}{HARDCODED}":
        assert score == 0, f"{path.name} (the visible outputs hard-coded) must score 0 on {ex}, not {score}: {mine}"
        assert ex not in failed_cells(graded[aid], aid, student), (
            f"{path.name} fails the visible cell {ex}: it must hard-code exactly what that cell checks")
    # Feedback: a failing cell of this exercise explains itself in one line.
    nb = read_nb(graded[aid]["course"] / "autograded" / student / aid / notebook_name(aid))
    errors = [o for c in nb["cells"] if grade_id(c) in mine for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert errors, f"{path.name}: no failing cell of {ex} shows an error"
    messages = [e.get("evalue", "").strip() for e in errors]
    assert any(m and "\n" not in m for m in messages), (
        f"{path.name}: failing cells of {ex} give no one-line message: {[e['ename'] for e in errors]} {messages}")


@pytest.mark.parametrize("aid,path", WRONG_CASES)
def test_wrong_answer_is_caught_where_it_says(graded, aid, path):
    """The visible test fails; or, with '# Caught: hidden (why)', the visible one passes and a hidden one fails."""
    ex = path.name.split("__")[0]
    (student,) = [s for s, used in graded[aid]["plan"].items() if used.get(ex) == path]
    why = caught_by_hidden(path)
    gid, sentence, visible = first_failure(graded[aid], aid, student, ex)
    assert gid, f"{path.name}: no test cell of {ex} failed"
    if why is None:
        assert visible, (f"{path.name}: the visible test of {ex} passes, so the student sees a check mark; only "
                         f"the hidden {gid} fails ({sentence!r}). Make the visible test catch it with one small "
                         "input, or, where no small input can show it, add '# Caught: hidden (<why>)' to the file")
    else:
        assert not visible, (f"{path.name} says '# Caught: hidden ({why})', but the visible test of {ex} fails "
                             f"({sentence!r}): remove that line")


@pytest.mark.parametrize("aid,path", WRONG_CASES)
def test_wrong_answer_message_names_its_mistake(graded, aid, path):
    """The first failing sentence the student sees holds every word of the file's '# Says:' line."""
    ex = path.name.split("__")[0]
    words = says_words(path)
    (student,) = [s for s, used in graded[aid]["plan"].items() if used.get(ex) == path]
    gid, sentence, visible = first_failure(graded[aid], aid, student, ex)
    assert gid, f"{path.name}: no test cell of {ex} failed"
    missing = [w for w in words if w.lower() not in sentence.lower()]
    where = "visible" if visible else "hidden"
    assert not missing, (f"{path.name}: the first failing sentence the student sees ({where} cell {gid}) is "
                         f"{sentence!r}; it lacks {missing} of '# Says: {', '.join(words)}'")


@pytest.mark.parametrize("aid", BY_ASSIGNMENT)
def test_visible_catch_share_is_reported(graded, aid):
    """How many stored wrong answers the visible test catches (printed; artifacts/wrong_answers/visible_catch.json).

    No threshold here (the goal, 80% per assignment, is the content's; the per-file test above is
    the rule): the number is for the note and the lead.
    """
    import fcntl
    import json

    visible, total = catch_share(graded[aid], aid)
    hidden_by_design = sum(bool(CAUGHT.search(header(p))) for paths in wrong_answers(aid).values() for p in paths)
    line = (f"{aid}: the visible test fails for {visible} of {total} stored wrong answers "
            f"({visible / max(total, 1):.0%}); {hidden_by_design} say '# Caught: hidden'")
    print(line)
    out = ROOT / "artifacts" / "wrong_answers" / "visible_catch.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.with_suffix(".lock"), "w") as lock:  # xdist workers write their assignments side by side
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = json.loads(out.read_text()) if out.exists() else {}
        data[aid] = {"visible": visible, "total": total, "share": round(visible / max(total, 1), 3),
                     "caught_hidden_by_design": hidden_by_design}
        out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    assert total, f"{aid} has no stored wrong answers"


@pytest.mark.parametrize("aid", BY_ASSIGNMENT)
def test_every_exercise_has_right_answers(aid):
    answers = {grade_id(c)[: -len("_answer")] for c in read_nb(ROOT / "source" / aid / notebook_name(aid))["cells"]
               if (grade_id(c) or "").endswith("_answer")}
    missing = answers - set(right_answers(aid))
    assert not missing, f"exercises of {aid} with no stored alternative correct answer: {sorted(missing)}"
    stray = set(right_answers(aid)) - answers
    assert not stray, f"right answers of {aid} for exercises it does not have: {sorted(stray)}"


@pytest.mark.parametrize("aid,path", RIGHT_CASES)
def test_right_answer_keeps_full_marks(graded, aid, path):
    ex = path.name.split("__")[0]
    (student,) = [s for s, used in graded[aid]["plan"].items() if used.get(ex) == path]
    assert path.read_text().startswith("# Right:"), f"{path.name} must start with '# Right: <how it differs>'"
    assert graded[aid]["results"][student].status != "failed", graded[aid]["results"][student]
    lost = failed_cells(graded[aid], aid, student)
    # Every answer in this notebook is correct, so no cell may fail (0-point visible cells included).
    assert not lost, f"{path.name} (student {student}) lost points: {lost}"


@group(ASSIGNMENTS[0])
def test_bad_submissions_get_zero_with_a_reason_and_the_rest_are_graded(graded):
    aid = ASSIGNMENTS[0]
    results = graded[aid]["results"]
    expected = {"notanotebook": "not a valid Jupyter notebook", "emptyfolder": "empty"}
    for student, reason in expected.items():
        r = results[student]
        assert (r.status, r.score) == ("failed", 0), f"{student}: {r}"
        assert reason in r.reason, f"{student}: reason {r.reason!r} should mention {reason!r}"
    # A cell that kills the kernel: the rest is graded on a fresh kernel, but the submission is
    # recorded with zero and the reason; the automatic score stays in the gradebook for review.
    r = results["kernelkiller"]
    assert r.status == "check" and "kernel died" in r.reason and r.score == 0, f"kernelkiller: {r}"
    kept = re.search(r"its tests scored ([0-9.]+)", r.reason)
    assert kept and 0 < float(kept.group(1)) < r.max_score, f"kernelkiller: {r.reason}"
    feedback = "".join(p.read_text() for p in (graded[aid]["course"] / "feedback" / "kernelkiller").rglob("*.html"))
    assert "scored zero because its kernel died" in feedback, "the student's feedback must say why they got zero"
    assert results["solution"].score == results["solution"].max_score > 0
    report = (graded[aid]["course"] / "reports" / f"{aid}.csv").read_text()
    for student in [*expected, "kernelkiller", "solution", "blank"]:
        assert f"\n{student}," in report, f"{student} missing from the report"


def test_grade_command_exit_status_says_something_needs_a_look(tmp_path):
    """The command-line entry point exits 1 when a submission could not be graded."""
    import os
    import subprocess
    import sys

    if not ASSIGNMENTS:
        pytest.fail("no assignments in source/")
    aid = ASSIGNMENTS[0]
    course = copy_course(tmp_path / "course")
    (course / "submitted" / "broken" / aid).mkdir(parents=True)
    (course / "submitted" / "broken" / aid / notebook_name(aid)).write_text("{not json")
    flags = [] if SANDBOX else ["--no-sandbox"]
    proc = subprocess.run([sys.executable, "-m", "coursetools.grading", aid, "--no-feedback", *flags], cwd=course,
                          env=course_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "not a valid Jupyter notebook" in proc.stdout
    assert os.path.exists(course / "reports" / f"{aid}.csv")


#: The stored wrong answer every exercise has: the visible test's own outputs, hard-coded.
HARDCODED = "__hardcoded_visible.py"
HARDCODED_FIRST_LINE = "# Wrong: the visible outputs hard-coded"
#: Assignments whose hard-coded answers are not stored yet (being converted to the points convention).
HARDCODED_TODO: set[str] = set()


@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_every_exercise_has_a_hardcoded_visible_answer(aid):
    """Without grading: every exercise stores a wrong answer ``hardcoded_visible``, with its first line.

    The round trip (test_wrong_answer_loses_points) then requires that it passes the visible cell and
    scores 0: no point is earned on an input the student has seen.
    """
    answers = {grade_id(c)[: -len("_answer")] for c in read_nb(ROOT / "source" / aid / notebook_name(aid))["cells"]
               if (grade_id(c) or "").endswith("_answer")}
    hardcoded = {p.ex: p for found in wrong_answers(aid).values() for p in found if p.name == p.ex + HARDCODED}
    missing = sorted(ex for ex in answers if ex not in hardcoded)
    if missing and aid in HARDCODED_TODO:
        pytest.xfail(f"TODO: {aid} has no hard-coded visible answers yet for {missing}")
    assert not missing, f"{aid}: no stored '<ex>{HARDCODED}' for {missing}"
    bad = [ex for ex in answers if not hardcoded[ex].read_text().startswith(
        HARDCODED_FIRST_LINE + "\n")]
    assert not bad, f"{aid}: the first line of {[ex + HARDCODED for ex in bad]} must be {HARDCODED_FIRST_LINE!r}"


@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_every_wrong_answer_names_its_words(aid):
    """Without grading: every stored wrong answer has a '# Says:' line and at most a well-formed '# Caught:' line."""
    problems = []
    for paths in wrong_answers(aid).values():
        for path in paths:
            for check in (says_words, caught_by_hidden):
                try:
                    check(path)
                except AssertionError as err:
                    problems.append(str(err).split(":")[0] + ": " + str(err).split(":", 1)[1].strip()[:90])
    assert not problems, f"{len(problems)} stored wrong answers of {aid} need a fix:\n" + "\n".join(problems)


def test_validate_is_quiet_on_a_pass_and_leads_with_the_sentence_on_a_failure(tmp_path):
    """nbgrader's Validate, as the student's button runs it, on a one-exercise notebook in the student's form.

    A pass logs no "cannot be converted to a float" (the hidden test cell holds only its docstring);
    a failure's report starts with the check's sentence (jaxcourse.checking, nbgrader_config.py).
    """
    import logging

    import nbformat
    from nbgrader.validator import Validator

    from jaxcourse.checking import validate_leads_with_the_sentence

    validate_leads_with_the_sentence()

    def cell(text, gid, **flags):
        meta = {"grade": False, "solution": False, "locked": True, "points": 0, "grade_id": gid,
                "schema_version": 3, "task": False, **flags}
        return nbformat.v4.new_code_cell(text, metadata={"nbgrader": meta})

    test = ('"""f returns 1."""\n\ndef probe():\n    return {"out": f()}\n\n\ndef check(v):\n'
            '    assert v["out"] == 1, "f must return 1, not the number of its arguments."\n\n\n'
            'run_test(probe, check)\n')

    def notebook(answer: str, test: str = test) -> Path:
        nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "jax-course", "display_name": "JAX course",
                                                               "language": "python"}})
        nb.cells = [cell("from jaxcourse.checking import run_test", "setup"),
                    cell(answer, "f_answer", solution=True, locked=False),
                    cell(test, "f", grade=True, points=0),  # the visible cell is feedback
                    cell('"""f is right for more inputs."""', "f_hidden", grade=True, points=1)]
        path = tmp_path / f"{len(list(tmp_path.glob('*.ipynb')))}.ipynb"
        nbformat.write(nb, path)
        return path

    records: list[logging.LogRecord] = []
    log = logging.getLogger("validate-test")
    log.addHandler(type("Keep", (logging.Handler,), {"emit": lambda self, r: records.append(r)})())
    validator = Validator(log=log, ignore_checksums=True)
    passed = validator.validate(str(notebook("def f():\n    return 1\n")))
    noise = [r.getMessage() for r in records if r.levelno >= logging.WARNING]
    assert passed == {} and not noise, (passed, noise)
    failed = validator.validate(str(notebook("def f():\n    return 0\n")))["failed"]
    assert len(failed) == 1 and failed[0]["source"].startswith(
        "\u2718 f must return 1, not the number of its arguments.\n\n\"\"\"f returns 1.\"\"\""), failed
    # On the command line nbgrader cuts every printed line at its width ("..."): a long sentence (a
    # JAX error quoted whole) is wrapped so that every word of it is printed.
    long = ("f must return 1, not the number of its arguments; JAX said: Mapped away dimension of inputs "
            "passed to vmap should be sharded the same. Got inconsistent axis specs: batch vs None.")
    printed = io.StringIO()
    validator.stream = printed
    validator.validate_and_print(str(notebook("def f():\n    return 0\n", test.replace(
        "f must return 1, not the number of its arguments.", long))))
    text = printed.getvalue()
    lead = text.split("The following cell failed:")[1].split('"""f returns 1."""')[0]
    assert "..." not in lead and " ".join(lead.split()) == "\u2718 " + long, text
    assert not [r.getMessage() for r in records if r.levelno >= logging.WARNING], records


def test_error_messages_end_on_a_whole_sentence():
    """However long an error, the student reads whole sentences: never a message cut mid-sentence."""
    from coursetools.grading.exercises import first_line
    from jaxcourse.checking import MESSAGE_CHARS, describe_error, whole_sentences

    long = ("Array slice indices must have static start/stop/step to be used with NumPy indexing syntax. "
            f"Found slice({'Traced<int32[]>, ' * 8}None). To index a statically sized array at a dynamic "
            "position, try lax.dynamic_slice/dynamic_update_slice (JAX does not support dynamically sized "
            "arrays within JIT compiled functions).")
    assert len(long) > MESSAGE_CHARS
    kept = long[: long.index("). To") + 2]  # the first two sentences: the third would pass the limit
    assert describe_error(IndexError(long + "\nsecond line")) == "IndexError: " + kept
    assert first_line(long) == kept
    assert whole_sentences("short, no full stop") == "short, no full stop"
    one = "x" * (2 * MESSAGE_CHARS) + " is one long sentence. Then another."
    assert whole_sentences(one) == one[: one.index(".") + 1]  # longer than the limit, but whole
    assert whole_sentences("y" * (2 * MESSAGE_CHARS)) == "y" * (2 * MESSAGE_CHARS)


def test_exercise_report_counts_edge_cells_and_zero_point_visible_cells():
    """``<ex>_edge`` belongs to ``<ex>``; a failing 0-point visible cell costs nothing but its message counts."""
    from coursetools.grading.exercises import CellResult, aggregate
    from coursetools.grading.feedback import exercise_labels

    cells = [CellResult("ann", "f", 0, 0, "f must return 1."), CellResult("ann", "f_hidden", 0, 2, "f is wrong."),
             CellResult("ann", "f_edge", 1, 1), CellResult("bob", "f", 0, 0), CellResult("bob", "f_hidden", 2, 2),
             CellResult("bob", "f_edge", 1, 1)]
    (stats,) = aggregate(cells, ["f", "f_hidden", "f_edge"])
    assert (stats.exercise, stats.max_points, stats.scores) == ("f", 3, [1, 3])
    assert (stats.full, stats.partial) == (1, 1)
    assert dict(stats.messages) == {"f must return 1.": 1, "f is wrong.": 1}
    labels = exercise_labels([
        {"cell_type": "markdown", "source": "## Exercise 1: f (3 points)", "metadata": {}},
        *({"cell_type": "code", "source": "", "metadata": {"nbgrader": {"grade": True, "grade_id": g, "points": p}}}
          for g, p in (("f", 0), ("f_hidden", 2), ("f_edge", 1)))])
    assert labels == {"f": "Exercise 1: f, visible tests (feedback, no points)",
                      "f_hidden": "Exercise 1: f, hidden tests", "f_edge": "Exercise 1: f, hidden tests, edge cases"}
