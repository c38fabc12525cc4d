"""Scaffold a new exercise: its cells in ``source/``, its stored answers, renumbered headings.

Usage (from the repository root, inside the course virtualenv)::

    python -m coursetools.build new-exercise 04_vmap batched_cosine --after random_shifts \\
        --points 1+2 --title "cosine similarity of every pair" --args "a, b"

inserts, after exercise ``random_shifts`` (default: after the last exercise), five cells with their
nbgrader metadata and stubs to fill in:

1. the statement, ``## Exercise k: <title> (N points)``, with a collapsed hint;
2. the answer cell ``<ex>_answer`` (the ``def`` line outside the solution markers);
3. the visible test ``<ex>`` (0 points: feedback for the student) in the probe/check shape;
4. the hidden twin ``<ex>_hidden`` (the visible check on inputs the student never sees) and
5. the edge cases ``<ex>_edge``, with the points given as ``HIDDEN+EDGE``;

renumbers every ``## Exercise k`` heading, and writes the exercise's stored answers to fill in,
``tests/answers/<aid>/<ex>.py`` (:mod:`coursetools.answers`): a right answer ``todo_another_way``,
the wrong answer ``hardcoded_visible`` and a wrong answer ``todo_mistake``. The notebook is written
in the build's own form (``build.clean_notebook``), and its text twin in ``text/source/`` gets the
same cells.
Then fill in the TODOs, run ``python -m coursetools.build assignments --only <aid>`` and the
one-exercise check ``python -m coursetools.exercise_check <aid> <ex>``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import uuid
from pathlib import Path

from coursetools import answers, text
from coursetools.build import clean_notebook

ROOT = Path(__file__).resolve().parent.parent
HEADING = re.compile(r"^## Exercise (\d+):")
ID = re.compile(r"^[a-z][a-z0-9_]*$")


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _cell(kind: str, text: str, nbgrader: dict | None = None) -> dict:
    cell = {"cell_type": kind, "id": uuid.uuid4().hex[:8], "metadata": {}, "source": _lines(text)}
    if nbgrader is not None:
        cell["metadata"]["nbgrader"] = {"schema_version": 3, **nbgrader}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def _test_meta(gid: str, points: int) -> dict:
    return {"grade": True, "grade_id": gid, "locked": True, "points": points, "solution": False}


def new_cells(ex: str, title: str, args: str, hidden: int, edge: int) -> list[dict]:
    """The five cells of a new exercise (heading number 0: renumbered after insertion)."""
    total = hidden + edge
    statement = (
        f"## Exercise 0: {title} ({total} points)\n\n"
        f"TODO: what `{ex}({args})` must do: the goal, the constraints (what it must work under), one\n"
        "example, the domain knowledge it needs and the docs page to read. Not the JAX method: which\n"
        "function or transform to use is the student's to find.\n\n"
        "<details><summary>Hint</summary>\n\n"
        "TODO (optional): the method, for a student who opens this on purpose.\n\n"
        "</details>")
    answer = (f"def {ex}({args}):\n"
              "    ### BEGIN SOLUTION\n"
              "    raise NotImplementedError  # TODO: the solution\n"
              "    ### END SOLUTION")
    visible = (
        f'"""TODO: one line: what this test checks ({ex} on a small input)."""\n'
        "X = np.arange(6.0, dtype=np.float32)  # TODO: the inputs (top level: inputs only)\n\n\n"
        "def probe():\n"
        f"    out, error = attempt(jax.jit({ex}), jnp.asarray(X))  # TODO: the call\n"
        '    return {"out": out, "error": error}\n\n\n'
        "def check(v):\n"
        f"    assert v[\"error\"] is None, f\"{ex} must work under jax.jit, not raise {{error_type(v['error'])}}.\"\n"
        '    assert False, "TODO: one sentence that tells the student what is wrong."\n\n\n'
        "run_test(probe, check)")
    hidden_cell = (
        '"""TODO: one line: the visible check again, on inputs the student never saw."""\n'
        "### BEGIN HIDDEN TESTS\n" + visible.split("\n", 1)[1] + "\n### END HIDDEN TESTS")
    edge_cell = (
        '"""TODO: one line: the edge cases (sizes, dtypes, transformations, devices)."""\n'
        "### BEGIN HIDDEN TESTS\n" + visible.split("\n", 1)[1] + "\n### END HIDDEN TESTS")
    return [
        _cell("markdown", statement),
        _cell("code", answer, {"grade": False, "grade_id": f"{ex}_answer", "locked": False, "solution": True}),
        _cell("code", visible, _test_meta(ex, 0)),
        _cell("code", hidden_cell, _test_meta(f"{ex}_hidden", hidden)),
        _cell("code", edge_cell, _test_meta(f"{ex}_edge", edge)),
    ]


def _gid(cell: dict) -> str:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")


def insertion_point(cells: list[dict], after: str | None) -> int:
    """Index just after the last cell of exercise ``after`` (its test cells), or after the last exercise."""
    answers = [i for i, c in enumerate(cells) if _gid(c).endswith("_answer")]
    if not answers:
        raise SystemExit("the notebook has no exercise yet: add the first one by hand after the setup cell")
    if after is None:
        start = answers[-1]
    else:
        found = [i for i in answers if _gid(cells[i]) == f"{after}_answer"]
        if not found:
            names = ", ".join(_gid(cells[i]).removesuffix("_answer") for i in answers)
            raise SystemExit(f"no exercise {after!r} to insert after; the exercises are: {names}")
        start = found[0]
    end = start + 1
    while end < len(cells) and cells[end]["cell_type"] == "code" and not _gid(cells[end]).endswith("_answer"):
        end += 1
    return end


def renumber(cells: list[dict]) -> None:
    """Number the ``## Exercise k:`` headings 1, 2, ... in notebook order."""
    k = 0
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        if HEADING.match(text):
            k += 1
            cell["source"] = _lines(HEADING.sub(f"## Exercise {k}:", text, count=1))


def answer_stubs(ex: str, args: str) -> list[tuple[str, str, str]]:
    """The stored answers to fill in, as (kind, slug, text) for ``tests/answers/<aid>/<ex>.py``."""
    body = f"def {ex}({args}):\n    raise NotImplementedError  # TODO\n"
    return [
        ("right", "todo_another_way", "# Right: TODO: how it differs from the solution\n" + body),
        ("wrong", "hardcoded_visible", "# Wrong: the visible outputs hard-coded\n# Says: TODO\n"
         f"def {ex}({args}):\n    return ...  # TODO: the visible test's expected output, as a constant\n"),
        ("wrong", "todo_mistake", "# Wrong: TODO: the mistake a student makes\n# Says: TODO\n" + body),
    ]


def scaffold(root: Path, aid: str, ex: str, after: str | None, points: str, title: str, args: str) -> list[Path]:
    if not ID.match(ex):
        raise SystemExit(f"exercise id {ex!r} must be snake_case (letters, digits, underscores)")
    m = re.fullmatch(r"(\d+)\+(\d+)", points)
    if not m or int(m.group(1)) < 1:
        raise SystemExit(f"--points {points!r} must be HIDDEN+EDGE, e.g. 1+2 (the visible test has 0 points)")
    found = sorted((root / "source" / aid).glob("*.ipynb"))
    if not found:
        raise SystemExit(f"unknown assignment {aid!r}: no notebook in source/{aid}/")
    path = found[0]
    nb = json.loads(path.read_text())
    if any(_gid(c) in (f"{ex}_answer", ex) for c in nb["cells"]):
        raise SystemExit(f"{aid} already has an exercise {ex!r}")
    at = insertion_point(nb["cells"], after)
    nb["cells"][at:at] = new_cells(ex, title, args, int(m.group(1)), int(m.group(2)))
    renumber(nb["cells"])
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    clean_notebook(path)
    written = [path]
    text.sync(root, only=[aid])  # its twin in text/ gets the new cells too: fill in either
    written += [twin for _, twin in text.pairs(root, only=[aid])]
    target = root / answers.FOLDER / aid / f"{ex}.py"
    if target.exists():
        raise SystemExit(f"{target.relative_to(root)} exists already")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(answers.render(answer_stubs(ex, args)))
    written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m coursetools.build new-exercise", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("assignment", help="assignment id, e.g. 04_vmap")
    parser.add_argument("exercise", help="the new exercise's id (stable snake_case), e.g. batched_cosine")
    parser.add_argument("--after", help="the exercise it follows (default: the last one)")
    parser.add_argument("--points", default="1+1", help="HIDDEN+EDGE points, e.g. 1+2 (default 1+1)")
    parser.add_argument("--title", default="TODO: a title", help="the heading's title")
    parser.add_argument("--args", default="x", help="the function's parameters, e.g. 'a, b' (default x)")
    a = parser.parse_args(argv)
    written = scaffold(ROOT, a.assignment, a.exercise, a.after, a.points, a.title, a.args)
    print("wrote:\n" + "\n".join(f"  {p.relative_to(ROOT)}" for p in written))
    print("next: fill in every TODO (statement, solution, the three test cells, the stored answers; the\n"
          "introduction's list of exercises), then\n"
          f"  python -m coursetools.build assignments --only {a.assignment}\n"
          f"  python -m coursetools.exercise_check {a.assignment} {a.exercise}\n"
          "  python -m coursetools.site --times")
    return 0


if __name__ == "__main__":
    sys.exit(main())
