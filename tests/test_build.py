"""Generated files are in sync with what generates them, and the layout is what the README promises."""

from __future__ import annotations

import re
import subprocess

import pytest
from conftest import ASSIGNMENTS, LESSONS, ROOT, copy_course, grade_id, read_nb, source

pytestmark = pytest.mark.xdist_group("build")

def normalise(nb: dict) -> list[tuple]:
    """What must match between a committed and a regenerated notebook (outputs aside)."""
    return [(c["cell_type"], source(c), c.get("metadata", {}).get("nbgrader"),
             sorted(c.get("metadata", {}).get("tags", []))) for c in nb["cells"]]


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory):
    """release/ and solutions/ regenerated from source/ in a scratch course (solutions not executed:
    their outputs are nbval's business)."""
    from coursetools.build import generate_assignments

    course = copy_course(tmp_path_factory.mktemp("build"), with_release=False)
    generate_assignments(course, execute=False)
    return course


def test_required_layout():
    for name in ("notebooks", "solutions", "source", "release", "tests", "nbgrader_config.py",
                 "requirements.txt", "README.md", "Makefile", "pyproject.toml", ".ci/run"):
        assert (ROOT / name).exists(), f"{name} is missing from the repository root"
    assert len(LESSONS) >= 1 and len(ASSIGNMENTS) >= 1
    lesson_ids = {p.stem for p in LESSONS}
    assert set(ASSIGNMENTS) <= lesson_ids, f"assignments without a lesson: {set(ASSIGNMENTS) - lesson_ids}"


def test_no_generated_clutter_is_tracked():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    # nbgrader writes gradebook.db, submitted/, autograded/ and feedback/ at the course root; caches land anywhere.
    # (coursetools/grading/templates/feedback/ is the course's feedback template, which must keep nbgrader's name.)
    bad = [t for t in tracked if t.split("/")[0] in ("gradebook.db", "submitted", "autograded", "feedback", ".venv")
           or any(part in t.split("/") for part in (".ipynb_checkpoints", "__pycache__"))]
    assert not bad, f"generated files are tracked by git: {bad}"


@pytest.mark.parametrize("aid", ASSIGNMENTS)
@pytest.mark.parametrize("kind", ["release", "solutions"])
def test_generated_assignment_is_up_to_date(rebuilt, aid, kind):
    ours = sorted(p.name for p in (ROOT / kind / aid).iterdir())
    fresh = sorted(p.name for p in (rebuilt / kind / aid).iterdir())
    assert ours == fresh, f"{kind}/{aid} has {ours}, a fresh build has {fresh}: run `make build`"
    for name in fresh:
        if name.endswith(".ipynb"):
            assert normalise(read_nb(ROOT / kind / aid / name)) == normalise(read_nb(rebuilt / kind / aid / name)), (
                f"{kind}/{aid}/{name} is out of date with source/{aid}: run `make build`")


@pytest.mark.parametrize("path", [*LESSONS, *sorted((ROOT / "solutions").glob("*/*.ipynb"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_executed_notebooks_have_outputs_and_the_course_kernel(path):
    nb = read_nb(path)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c.get("execution_count") for c in code), f"{path.name} has cells that were not executed"
    assert nb["metadata"]["kernelspec"]["name"] == "jax-course"
    for c in nb["cells"]:
        assert "execution" not in c.get("metadata", {}), f"{path.name} keeps execution timestamps: run `make build`"


@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_release_hides_solutions_and_hidden_tests(aid):
    for path in (ROOT / "release" / aid).glob("*.ipynb"):
        text = path.read_text()
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"):
            assert marker not in text, f"{path.name} (student version) contains {marker!r}"
        assert not any(c.get("outputs") for c in read_nb(path)["cells"] if c["cell_type"] == "code")



#: Test cells of an exercise, in this order: the visible cell (feedback, 0 points), the hidden twin
#: of its check on fresh inputs, and (optional) the edge cases. Every point sits in the hidden ones.
TEST_CELL_SUFFIXES = ("", "_hidden", "_edge")
HIDDEN_MARKERS = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
HEADING_POINTS = re.compile(r"^## Exercise \d+: .*\((\d+) points?\)\s*$", re.M)
#: Assignments still on the old points convention (visible cells with points): being converted. Remove
#: an assignment from this set when its notebook follows "Points" in CONTRIBUTING.md.
POINTS_CONVENTION_TODO: set[str] = set()


def exercise_cells(cells: list[dict]) -> dict[str, list[dict]]:
    """Exercise -> its graded test cells in notebook order (the cells after its ``<ex>_answer`` cell)."""
    out: dict[str, list[dict]] = {}
    current = None
    for c in cells:
        gid = grade_id(c) or ""
        if gid.endswith("_answer"):
            current = gid.removesuffix("_answer")
            out[current] = []
        elif current and c["cell_type"] == "code" and c.get("metadata", {}).get("nbgrader", {}).get("grade"):
            out[current].append(c)
    return out


def points_problems(cells: list[dict]) -> list[str]:
    """Where a notebook breaks the points convention: no point for an input the student has seen.

    Per exercise ``<ex>``: the visible cell ``<ex>`` has ``points: 0`` and no hidden tests; then
    ``<ex>_hidden`` and, optionally, ``<ex>_edge``, each with points, its docstring first and the rest
    inside ``### BEGIN HIDDEN TESTS`` / ``### END HIDDEN TESTS``; the heading's ``(N points)`` is their sum.
    """
    problems = []
    headings = [HEADING_POINTS.search(source(c)) for c in cells
                if c["cell_type"] == "markdown" and "## Exercise" in source(c)]
    per = exercise_cells(cells)
    if len(headings) != len(per) or not all(headings):
        return [f"each exercise needs one '## Exercise k: title (N points)' heading ({len(headings)} for {len(per)})"]
    for (ex, tests), heading in zip(per.items(), headings, strict=True):
        ids = [grade_id(c) for c in tests]
        allowed = [ex + s for s in TEST_CELL_SUFFIXES]
        if ids[:2] != allowed[:2] or ids not in (allowed[:2], allowed):
            problems.append(f"{ex}: test cells {ids}; expected {allowed[:2]} and optionally {allowed[2]}, in order")
            continue
        for c in tests:
            meta, text, gid = c["metadata"]["nbgrader"], source(c), grade_id(c)
            hidden = all(m in text for m in HIDDEN_MARKERS)
            if not (meta.get("locked") and meta.get("grade")):
                problems.append(f"{gid}: grade: true and locked: true")
            if gid == ex and (meta.get("points") != 0 or hidden):
                problems.append(f"{gid}: the visible cell is feedback: points 0 (not {meta.get('points')}), "
                                "no hidden tests")
            if gid != ex:
                body = text.split(HIDDEN_MARKERS[0], 1)
                if not (meta.get("points", 0) > 0 and hidden and len(body) == 2 and body[0].strip().count("\n") == 0
                        and text.rstrip().endswith(HIDDEN_MARKERS[1])):
                    problems.append(f"{gid}: points > 0, the docstring, then everything else inside "
                                    f"{HIDDEN_MARKERS[0]!r} ... {HIDDEN_MARKERS[1]!r}")
        total = sum(c["metadata"]["nbgrader"].get("points", 0) for c in tests)
        if int(heading.group(1)) != total:
            problems.append(f"{ex}: its heading says {heading.group(1)} points, its test cells give {total}")
    return problems


@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_source_follows_the_exercise_conventions(aid):
    """Answer cells, visible and hidden test cells, and test cells in the probe/check shape.

    Every test cell starts with a docstring, defines ``probe()`` and ``check(v)`` and ends in
    ``run_test(probe, check)`` (see jaxcourse/checking.py): grading decides it outside the student's
    process, and it never ends in a bare expression whose value nbgrader could read as a score.
    """
    import ast

    from coursetools.grading.checker import cell_shape_problems, split_test_cell

    (path,) = (ROOT / "source" / aid).glob("*.ipynb")
    cells = read_nb(path)["cells"]
    ids = [grade_id(c) for c in cells if grade_id(c)]
    assert len(ids) == len(set(ids)), f"duplicate grade ids in {path.name}"
    answers = [g[: -len("_answer")] for g in ids if g.endswith("_answer")]
    for ex in answers:
        assert ex in ids and f"{ex}_hidden" in ids, f"{ex} needs a visible test cell {ex!r} and {ex}_hidden"
    for c in cells:
        meta = c.get("metadata", {}).get("nbgrader", {})
        if not meta.get("grade") or c["cell_type"] != "code":
            continue
        problems = cell_shape_problems(source(c))
        assert not problems, f"test cell {meta['grade_id']}: {'; '.join(problems)}"
        probe_side = split_test_cell(source(c), "probe", meta["grade_id"])
        assert "def check" not in probe_side, f"test cell {meta['grade_id']}: check() must not reach the student side"
        tree = ast.parse(source(c))
        docstring = tree.body[0].value.value
        assert "\n" not in docstring.strip(), f"test cell {meta['grade_id']}: the docstring must be one line"
        assert meta.get("locked") and "points" in meta, f"test cell {meta['grade_id']}: locked, with points"
    headings = [source(c) for c in cells if c["cell_type"] == "markdown" and "## Exercise" in source(c)]
    assert len(headings) == len(answers) and all("point" in h for h in headings), (
        "each exercise needs a '## Exercise k: title (N points)' heading")
    problems = points_problems(cells)
    if problems and aid in POINTS_CONVENTION_TODO:
        pytest.xfail(f"TODO: {aid} is being converted to the points convention: {problems[:3]}")
    assert not problems, f"{aid} breaks the points convention (CONTRIBUTING.md, 'Points'):\n" + "\n".join(problems)


def test_points_convention_catches_visible_points():
    """The convention check names a visible cell with points, a heading that is not the sum, a stray cell."""
    def cell(gid, points=None, text='"""Docstring."""', kind="code"):
        meta = {"grade_id": gid, "grade": points is not None, "locked": True, "schema_version": 3}
        if points is not None:
            meta["points"] = points
        return {"cell_type": kind, "source": text, "metadata": {"nbgrader": meta}}

    hidden = '"""Docstring."""\n### BEGIN HIDDEN TESTS\nx = 1\n### END HIDDEN TESTS'
    good = [{"cell_type": "markdown", "source": "## Exercise 1: f (3 points)", "metadata": {}},
            cell("f_answer"), cell("f", 0), cell("f_hidden", 2, hidden), cell("f_edge", 1, hidden)]
    assert points_problems(good) == []
    assert points_problems(good[:-1]) == ["f: its heading says 3 points, its test cells give 2"]
    bad = [*good[:2], cell("f", 1), *good[3:]]
    assert any("points 0" in p for p in points_problems(bad)), points_problems(bad)
    stray = [*good, cell("f_more", 1, hidden)]
    assert any("expected" in p for p in points_problems(stray)), points_problems(stray)
    unmarked = [*good[:3], cell("f_hidden", 2), good[4]]
    assert any("BEGIN HIDDEN TESTS" in p for p in points_problems(unmarked)), points_problems(unmarked)


def test_gradebook_is_sqlite_and_solutions_folder_configured():
    text = (ROOT / "nbgrader_config.py").read_text()
    assert 'solution_directory = "solutions"' in text and "sqlite:///gradebook.db" in text
    assert (ROOT / ".gitignore").read_text().count("gradebook.db") >= 1


# --------------------------------------------------------------------------------------------
# Short test cells.
# --------------------------------------------------------------------------------------------

#: Longest visible test cell (lines) each assignment may have. The course's limit is 15
#: (CONTRIBUTING.md); an assignment listed above 15 is TODO: its test cells still paste test
#: helpers, and its value is the longest cell it has today. Lower it as you convert them.
VISIBLE_TEST_LINES = {
    "01_jax_array": 15,
    "02_async_dispatch": 15,
    "03_jit": 15,
    "04_vmap": 15,
    "05_augmentation": 15,
    "06_sharding": 15,
}


@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_visible_test_cells_are_short(aid):
    """A visible test cell reads as a list of checks: shared test code lives in jaxcourse.checks."""
    (path,) = (ROOT / "source" / aid).glob("*.ipynb")
    lengths = {grade_id(c): len(source(c).rstrip().splitlines()) for c in read_nb(path)["cells"]
               if c["cell_type"] == "code" and c.get("metadata", {}).get("nbgrader", {}).get("grade")
               and HIDDEN_MARKERS[0] not in source(c)}
    limit = VISIBLE_TEST_LINES.get(aid, 15)
    long = {g: n for g, n in lengths.items() if n > limit}
    assert not long, f"{aid}: visible test cells longer than {limit} lines: {long}"


# --------------------------------------------------------------------------------------------
# No answer one import away: an answer that hands the work to the course's own package loses points.
# --------------------------------------------------------------------------------------------

#: Assignments whose import answers are not stored yet (their exercises are being reworked).
IMPORT_ANSWERS_TODO: set[str] = set()


def stored_wrong_names(aid: str) -> set[str]:
    """``<ex>__<slug>.py`` of every stored wrong answer of ``aid`` (tests/answers/<aid>/<ex>.py)."""
    from coursetools import answers

    return {a.name for found in answers.stored("wrong", aid).values() for a in found}


def course_functions() -> dict[str, object]:
    """``"module.name" -> function`` for every public function (or jitted function) of jaxcourse."""
    import importlib
    import inspect
    import pkgutil

    import jaxcourse

    found = {}
    for info in pkgutil.walk_packages(jaxcourse.__path__, "jaxcourse."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if (not name.startswith("_") and callable(obj) and not inspect.isclass(obj)
                    and getattr(obj, "__module__", None) == module.__name__):
                found[f"{info.name.removeprefix('jaxcourse.')}.{name}"] = obj
    return found


def answer_functions(aid: str) -> list[tuple[str, object]]:
    """``(exercise, ast.FunctionDef)`` for each function defined in an ``<ex>_answer`` cell."""
    import ast

    (path,) = (ROOT / "source" / aid).glob("*.ipynb")
    out = []
    for c in read_nb(path)["cells"]:
        gid = grade_id(c) or ""
        if gid.endswith("_answer"):
            out += [(gid.removesuffix("_answer"), n) for n in ast.parse(source(c)).body
                    if isinstance(n, ast.FunctionDef)]
    return out


def _param_names(node) -> list[str]:
    a = node.args
    return [x.arg for x in [*a.posonlyargs, *a.args, *([a.vararg] if a.vararg else []), *a.kwonlyargs,
                            *([a.kwarg] if a.kwarg else [])]]


def import_candidates(aid: str) -> dict[str, str]:
    """Stored wrong-answer file name -> its source, for every package function an answer could
    delegate to: one with the answer's name, or whose parameters cover the answer's (every
    parameter of the answer is one of the function's, and every parameter of the function without
    a default is one of the answer's)."""
    import ast
    import inspect

    functions = course_functions()
    out = {}
    for ex, node in answer_functions(aid):
        mine = set(_param_names(node))
        for qual, fn in functions.items():
            params = inspect.signature(inspect.unwrap(fn)).parameters
            required = {k for k, p in params.items() if p.default is p.empty}
            if not (qual.rsplit(".", 1)[1] == node.name or (mine and required <= mine <= set(params))):
                continue
            call = []
            for k, p in params.items():
                if k not in mine:
                    continue
                if p.kind == p.VAR_POSITIONAL:
                    call.append(f"*{k}")
                elif p.kind == p.VAR_KEYWORD:
                    call.append(f"**{k}")
                elif p.kind == p.KEYWORD_ONLY:
                    call.append(f"{k}={k}")
                else:
                    call.append(k)
            if qual.rsplit(".", 1)[1] == node.name and not mine <= set(params):  # same name, other parameters
                call = _param_names(node)
            module, name = qual.rsplit(".", 1)
            header = ast.unparse(ast.FunctionDef(name=node.name, args=node.args, body=[ast.Pass()],
                                                 decorator_list=[], returns=None, lineno=1)).splitlines()[0]
            out[f"{ex}__import_{module}_{name}.py"] = (
                f"# Wrong: delegates to jaxcourse.{qual} instead of writing {node.name}\n"
                f"from jaxcourse.{module} import {name} as _course_{name}\n\n\n"
                f"{header}\n    return _course_{name}({', '.join(call)})\n")
    return out


@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_answers_that_import_the_course_package_are_stored_wrong_answers(aid):
    """Every "import answer" is a stored wrong answer, so the grading round trip proves it loses points.

    Write missing ones with ``python tests/test_build.py import-answers <assignment>``.
    """
    expected = import_candidates(aid)
    stored = stored_wrong_names(aid)
    missing = sorted(name for name in expected if name not in stored)
    if missing and aid in IMPORT_ANSWERS_TODO:
        pytest.xfail(f"TODO: {aid} has no stored import answers yet: {missing}")
    assert not missing, f"{aid}: answers delegating to jaxcourse are not stored wrong answers: {missing}"
    stale = sorted(name for name in stored if "__import_" in name and name not in expected)
    assert not stale, f"{aid}: stored import answers for functions that no longer match: {stale}"


def test_import_candidates_find_a_delegation(tmp_path, monkeypatch):
    """The search finds a package function with an exercise's name and one with its parameters."""
    import ast

    fake = ast.parse("def median_time(f, *args, repeat=5, clock=None):\n    pass\n"
                     "def my_resize(img, size):\n    pass\n").body
    import sys

    monkeypatch.setattr(sys.modules[__name__], "answer_functions", lambda aid: [("ex", fake[0]), ("ex2", fake[1])])
    found = import_candidates("any")
    assert "return _course_median_time(f, *args, repeat=repeat, clock=clock)" in found[
        "ex__import_timing_median_time.py"], found
    assert "return _course_resize(img, size)" in found["ex2__import_images_resize.py"], found


if __name__ == "__main__":  # python tests/test_build.py import-answers <assignment>: write the missing ones
    import sys

    from coursetools import answers

    for aid in sys.argv[2:]:
        stored = stored_wrong_names(aid)
        for name, text in import_candidates(aid).items():
            if name not in stored:
                ex, slug = name.removesuffix(".py").split("__", 1)
                answers.add(ROOT / answers.FOLDER / aid / f"{ex}.py", "wrong", slug, text)
                print("added", slug, "to", answers.FOLDER / aid / f"{ex}.py")
