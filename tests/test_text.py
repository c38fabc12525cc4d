"""The maintainer's loop: text twins in sync, the exercise scaffold, and the one-exercise check."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import ROOT

from coursetools import answers, exercise_check, scaffold, text

PAIRS = text.pairs(ROOT)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: str(p[1].relative_to(ROOT)))
def test_twin_is_in_sync(pair):
    """Every lesson and assignment source has a text twin under text/ that says what its notebook says."""
    notebook, twin = pair
    assert twin.exists(), f"{twin.relative_to(ROOT)} is missing: run python -m coursetools.build text"
    assert text.in_sync(notebook, twin), (
        f"{twin.relative_to(ROOT)} and {notebook.relative_to(ROOT)} differ: run python -m coursetools.build text "
        "(the side edited last wins)")


def test_every_hand_edited_notebook_has_a_twin():
    """Each lesson and each assignment source is paired, and text/ holds nothing else."""
    twins = {md for _, md in PAIRS}
    assert len(twins) == len(PAIRS) >= 2 * 6
    stray = sorted(p.relative_to(ROOT) for p in (ROOT / text.TEXT).rglob("*.md") if p not in twins)
    assert not stray, f"text/ holds twins of no notebook: {stray}"


def _course(tmp_path: Path, lesson: Path) -> Path:
    root = tmp_path / "course"
    (root / "notebooks").mkdir(parents=True)
    (root / "source").mkdir()
    shutil.copy(lesson, root / "notebooks" / lesson.name)
    return root


def test_an_edited_twin_flows_into_its_notebook(tmp_path):
    """A paragraph changed in the twin changes that cell's source alone; every output and cell id is kept."""
    lesson = sorted((ROOT / "notebooks").glob("*.ipynb"))[0]
    root = _course(tmp_path, lesson)
    assert text.sync(root) == [f"notebooks/{lesson.name} -> text/notebooks/{lesson.stem}.md"]
    assert text.sync(root) == []  # now in sync
    notebook, twin = text.pairs(root)[0]
    before = json.loads(notebook.read_text())
    first = next(c for c in before["cells"] if c["cell_type"] == "markdown")
    line = "".join(first["source"]).splitlines()[0]
    twin.write_text(twin.read_text().replace(line, line + " (second edition)", 1))
    future = notebook.stat().st_mtime + 5
    os.utime(twin, (future, future))
    assert text.sync(root) == [f"notebooks/{lesson.name} <- text/notebooks/{lesson.stem}.md"]
    after = json.loads(notebook.read_text())
    changed = [i for i, (a, b) in enumerate(zip(before["cells"], after["cells"], strict=True)) if a != b]
    assert len(after["cells"]) == len(before["cells"])
    assert changed == [before["cells"].index(first)], f"cells {changed} changed; only the edited one may"
    assert "".join(after["cells"][changed[0]]["source"]).splitlines()[0] == line + " (second edition)"
    assert after["cells"][changed[0]]["id"] == first["id"], "the edited cell must keep its id (a quiet diff)"
    assert text.in_sync(notebook, twin)


ANSWER = "def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"
VISIBLE = '''"""double doubles a small array."""
X = np.arange(4.0, dtype=np.float32)


def probe():
    out, error = attempt(double, jnp.asarray(X))
    return {"out": out, "error": error}


def check(v):
    assert v["error"] is None, f"double must not raise {error_type(v['error'])}."
    assert np.array_equal(np.asarray(v["out"]), 2 * X), "double must return twice its input."


run_test(probe, check)'''


def _assignment(root: Path) -> Path:
    """A one-exercise assignment in the course's shape (setup, statement, answer, two test cells)."""
    def cell(kind, src, **nbgrader):
        c = {"cell_type": kind, "id": f"c{len(cells)}", "metadata": {}, "source": src.splitlines(keepends=True)}
        if nbgrader:
            c["metadata"]["nbgrader"] = {"schema_version": 3, **nbgrader}
        if kind == "code":
            c.update(outputs=[], execution_count=None)
        return c

    cells: list[dict] = []
    cells.append(cell("markdown", "# Assignment 99"))
    cells.append(cell("code", "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n"
                              "from jaxcourse.checking import attempt, error_type, run_test",
                      grade=False, grade_id="setup", locked=True, solution=False))
    cells.append(cell("markdown", "## Exercise 1: twice (1 points)"))
    cells.append(cell("code", ANSWER, grade=False, grade_id="double_answer", locked=False, solution=True))
    cells.append(cell("code", VISIBLE, grade=True, grade_id="double", locked=True, points=0, solution=False))
    hidden = VISIBLE.replace('"""double doubles a small array."""', '"""double on a fresh input."""\n'
                             "### BEGIN HIDDEN TESTS").replace("np.arange(4.0", "np.linspace(-3.0, 5.0, 7") + (
        "\n### END HIDDEN TESTS")
    cells.append(cell("code", hidden, grade=True, grade_id="double_hidden", locked=True, points=1, solution=False))
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3 (JAX course)", "language": "python",
                                                      "name": "jax-course"}}, "nbformat": 4, "nbformat_minor": 5}
    path = root / "source" / "99_demo" / "99_demo_exercises.ipynb"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(nb, indent=1, sort_keys=True) + "\n")
    shutil.copy(ROOT / "nbgrader_config.py", root / "nbgrader_config.py")
    return path


def test_scaffold_inserts_an_exercise_in_the_course_shape(tmp_path):
    """new-exercise adds the five cells with their metadata after the named exercise, renumbers the
    headings, and writes the stored answers to fill in."""
    root = tmp_path / "course"
    path = _assignment(root)
    written = scaffold.scaffold(root, "99_demo", "halve", None, "1+2", "half", "x")
    nb = json.loads(path.read_text())
    ids = [c["metadata"].get("nbgrader", {}).get("grade_id") for c in nb["cells"]]
    assert ids[-5:] == [None, "halve_answer", "halve", "halve_hidden", "halve_edge"]
    points = [c["metadata"]["nbgrader"].get("points") for c in nb["cells"][-3:]]
    assert points == [0, 1, 2]
    headings = ["".join(c["source"]).splitlines()[0] for c in nb["cells"] if c["cell_type"] == "markdown"]
    assert headings == ["# Assignment 99", "## Exercise 1: twice (1 points)", "## Exercise 2: half (3 points)"]
    scaffold.scaffold(root, "99_demo", "triple", "double", "1+1", "three", "x")
    headings = ["".join(c["source"]).splitlines()[0] for c in json.loads(path.read_text())["cells"]
                if c["cell_type"] == "markdown"]
    assert headings[1:] == ["## Exercise 1: twice (1 points)", "## Exercise 2: three (2 points)",
                            "## Exercise 3: half (3 points)"]
    assert (root / "text" / "source" / "99_demo.md") in written, "the scaffold must write the text twin too"
    assert "halve_edge" in (root / "text" / "source" / "99_demo.md").read_text()
    names = sorted(p.relative_to(root).as_posix() for p in written if "answers" in p.parts)
    assert names == ["tests/answers/99_demo/halve.py"]
    stubs = answers.parse(root / names[0])
    assert [(a.kind, a.slug) for a in stubs] == [("right", "todo_another_way"), ("wrong", "hardcoded_visible"),
                                                ("wrong", "todo_mistake")]
    assert stubs[1].read_text().startswith("# Wrong: the visible outputs hard-coded\n")
    with pytest.raises(SystemExit, match="already has"):
        scaffold.scaffold(root, "99_demo", "halve", None, "1+1", "again", "x")


def test_one_exercise_check_judges_each_stored_answer(tmp_path):
    """The one-exercise check grades the solution, the blank stub and each stored answer with the
    grader's own executor and checker, and flags each answer that breaks its rule."""
    root = tmp_path / "course"
    _assignment(root)
    stored = root / "tests" / "answers" / "99_demo" / "double.py"
    stored.parent.mkdir(parents=True)
    stored.write_text(answers.render([
        ("right", "add", "# Right: x + x\ndef double(x):\n    return x + x\n"),
        ("wrong", "hardcoded_visible", "# Wrong: the visible outputs hard-coded\n# Says: twice\n"
         "import jax.numpy as jnp\n\n\ndef double(x):\n    return jnp.array([0.0, 2.0, 4.0, 6.0])\n"),
        ("wrong", "identity", "# Wrong: returns x\n# Says: twice\ndef double(x):\n    return x\n"),
        # a stored "wrong" answer that is right: the check must flag it
        ("wrong", "not_wrong", "# Wrong: nothing\n# Says: twice\ndef double(x):\n    return 2 * x\n"),
    ]))
    log = tmp_path / "log.txt"
    with log.open("w") as out:
        outcomes = {o.label: o for o in exercise_check.check(root, "99_demo", "double", out=out)}
    assert set(outcomes) == {"solution", "blank stub", "double__add.py", "double__hardcoded_visible.py",
                             "double__identity.py", "double__not_wrong.py"}, log.read_text()
    assert (outcomes["solution"].score, outcomes["solution"].total) == (1, 1), log.read_text()
    assert outcomes["blank stub"].score == 0 and not outcomes["blank stub"].problems()
    assert not outcomes["double__add.py"].problems()
    assert outcomes["double__hardcoded_visible.py"].score == 0
    assert outcomes["double__hardcoded_visible.py"].cells[0][2], "the hard-coded answer passes the visible test"
    assert not outcomes["double__identity.py"].problems(), log.read_text()
    assert outcomes["double__not_wrong.py"].problems() == ["it keeps full marks (1/1)"]
    assert "BAD" in log.read_text()
