"""The stored answers' file format (coursetools/answers.py): one file per exercise, read one way."""

from __future__ import annotations

import pytest
from conftest import ROOT

from coursetools import answers


def test_every_answers_file_reads_and_the_old_layout_is_gone():
    files = sorted((ROOT / answers.FOLDER).glob("*/*.py"))
    assert len(files) >= 28, f"only {len(files)} answers files under {answers.FOLDER}"
    for path in files:
        found = answers.parse(path)  # raises AnswersError with the line on any malformed answer
        assert {a.kind for a in found} == {"right", "wrong"}, f"{path}: needs right and wrong answers"
    old = [p for p in (ROOT / "tests").glob("*_answers/*/*.py")]
    assert not old, f"stored answers in the old one-file-per-answer layout: {old[:3]}"


def test_render_parse_and_add_round_trip(tmp_path):
    path = tmp_path / answers.FOLDER / "01_demo" / "double.py"
    answers.add(path, "right", "add", "# Right: x + x\ndef double(x):\n    return x + x\n")
    answers.add(path, "wrong", "identity", "# Wrong: returns x\n# Says: twice\ndef double(x):\n    return x\n")
    got = answers.parse(path)
    assert [(a.aid, a.ex, a.kind, a.slug, a.line) for a in got] == [
        ("01_demo", "double", "right", "add", 1), ("01_demo", "double", "wrong", "identity", 7)]
    assert got[1].name == "double__identity.py" and got[1].read_text().startswith("# Wrong: returns x\n")
    assert answers.stored("wrong", "01_demo", tmp_path) == {"double": [got[1]]}
    assert answers.render(got) == path.read_text()
    with pytest.raises(answers.AnswersError, match="already has an answer 'add'"):
        answers.add(path, "wrong", "add", "# Wrong: x\n# Says: y\ndef double(x):\n    return x\n")


@pytest.mark.parametrize("text,says", [
    ("def double(x):\n    return x\n", "text before the first"),
    ("# %% right: a\n# Right: one\nx = 1\n\n# %% wrong: a\n# Wrong: two\nx = 2\n", "slug 'a' is used twice"),
    ("# %% wrong: a\n# Right: one\nx = 1\n", "a wrong answer starts with '# Wrong:"),
    ("# %% maybe: a\n# Right: one\nx = 1\n", "must be '# %% right: <slug>'"),
    ("# %% right: A-1\n# Right: one\nx = 1\n", "lower-case letters"),
])
def test_a_malformed_answers_file_says_where_and_what(tmp_path, text, says):
    path = tmp_path / "double.py"
    path.write_text(text)
    with pytest.raises(answers.AnswersError, match=says) as err:
        answers.parse(path)
    assert str(path) in str(err.value)
