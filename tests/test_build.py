"""Generated files are in sync with what generates them, and the layout is what the README promises."""

from __future__ import annotations

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
    bad = [t for t in tracked if any(part in t.split("/") for part in (
        "gradebook.db", "submitted", "autograded", "feedback", ".ipynb_checkpoints", "__pycache__", ".venv"))]
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



@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_source_follows_the_exercise_conventions(aid):
    """Answer cells, visible and hidden test cells, and test cells in the probe/check shape.

    Every test cell starts with a docstring, defines ``probe()`` and ``check(v)`` and ends in
    ``run_test(probe, check)`` (see jaxcourse/checking.py): grading decides it outside the student's
    process, and it never ends in a bare expression whose value nbgrader could read as a score.
    """
    import ast

    from coursetools.checker import cell_shape_problems, split_test_cell

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
        assert meta.get("locked") and meta.get("points", 0) > 0, f"test cell {meta['grade_id']}: locked, with points"
    headings = [source(c) for c in cells if c["cell_type"] == "markdown" and "## Exercise" in source(c)]
    assert len(headings) == len(answers) and all("point" in h for h in headings), (
        "each exercise needs a '## Exercise k: title (N points)' heading")


def test_gradebook_is_sqlite_and_solutions_folder_configured():
    text = (ROOT / "nbgrader_config.py").read_text()
    assert 'solution_directory = "solutions"' in text and "sqlite:///gradebook.db" in text
    assert (ROOT / ".gitignore").read_text().count("gradebook.db") >= 1
