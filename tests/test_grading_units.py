"""Unit tests of the grading pieces that run without executing notebooks."""

from __future__ import annotations

import json

import jax
import jax.numpy as jnp
import nbformat
import numpy as np
import pytest

from coursetools.grading import checker
from coursetools.grading.precheck import precheck
from coursetools.grading.worker import failure_reason
from jaxcourse import checking


def roundtrip(value):
    return checking.decode(json.loads(json.dumps(checking.encode(value))))


def test_values_cross_as_plain_data():
    values = {"a": jnp.arange(3, dtype=jnp.int8), "b": np.float32(1.5), "c": [1, 2.5, "x", None, True],
              "d": (jnp.float32(2.0), np.zeros((2, 0))), "e": np.dtype("int16"), "f": jnp.ones(2, jnp.bfloat16),
              "g": jnp.int32, "h": 2**70}
    out = roundtrip(values)
    assert isinstance(out["a"], jax.Array) and out["a"].dtype == jnp.int8 and out["a"].tolist() == [0, 1, 2]
    assert isinstance(out["b"], np.float32) and out["b"] == 1.5
    assert out["c"] == [1, 2.5, "x", None, True] and type(out["c"][-1]) is bool
    assert isinstance(out["d"], tuple) and out["d"][0].shape == () and out["d"][1].shape == (2, 0)
    assert out["e"] == np.dtype("int16") and out["g"] == np.dtype("int32") and out["h"] == 2**70
    assert out["f"].dtype == jnp.bfloat16 and out["f"].tolist() == [1, 1]


class AlwaysEqual:
    def __eq__(self, other):
        return True


class SneakyInt(int):
    def __eq__(self, other):
        return True


class SneakyArray(np.ndarray):
    def __eq__(self, other):
        return np.ones(np.shape(self), bool)


@pytest.mark.parametrize("value", [AlwaysEqual(), SneakyInt(3), {1: 2}, np.array([object()]), jax.random.key(0),
                                   lambda: 1])
def test_objects_that_are_not_plain_values_do_not_cross(value):
    with pytest.raises(checking.NotAValue):
        checking.encode({"out": value})


def test_array_subclasses_cross_as_plain_arrays():
    out = roundtrip(np.arange(3).view(SneakyArray))
    assert type(out) is np.ndarray and not np.array_equal(out, [9, 9, 9])


def test_numpy_files_are_loaded_without_pickles():
    payload = checking.encode(np.arange(3))
    payload["tree"]["dtype"] = "object"  # a forged payload naming an object dtype
    import base64
    import io

    buf = io.BytesIO()
    np.save(buf, np.array([{"x": 1}], dtype=object), allow_pickle=True)
    payload["tree"]["npy"] = base64.b64encode(buf.getvalue()).decode()
    with pytest.raises(ValueError, match="allow_pickle"):
        checking.decode(payload)


CELL = '''"""Doubles."""
X = np.arange(3)


def helper_for_probe(x):
    return x


def reference(x):
    return 2 * x


def probe():
    return {"out": double(helper_for_probe(X))}


def check(v):
    assert np.array_equal(v["out"], reference(X)), "double must multiply by two."


run_test(probe, check)
'''


def test_split_keeps_check_and_references_out_of_the_probe_side():
    probe_side = checker.split_test_cell(CELL, "probe", "double")
    check_side = checker.split_test_cell(CELL, "check", "double")
    assert "def probe" in probe_side and "def helper_for_probe" in probe_side
    assert "def check" not in probe_side and "def reference" not in probe_side
    assert "__jaxcourse_probe__('double', probe)" in probe_side
    assert "def check" in check_side and "def probe" not in check_side
    assert checker.cell_shape_problems(CELL) == []
    assert checker.cell_shape_problems('"""Doc."""\nassert True\n') == [
        "it must define probe() and check(v)", "it must end in run_test(probe, check)",
        "it must call run_test(probe, check) exactly once"]
    assert checker.split_test_cell('"""Doc."""\n', "probe", "x") == ""  # a released hidden test


def job(payload, reason=None):
    return {"setup": ["import numpy as np"], "tests": [{"grade_id": "double", "source": CELL, "payload": payload,
                                                        "reason": reason}]}


def test_checker_decides_on_values():
    good = checker.run_checks(job(checking.encode({"out": np.arange(3) * 2})))
    assert good == {"double": {"passed": True, "message": ""}}
    bad = checker.run_checks(job(checking.encode({"out": np.arange(3)})))
    assert bad["double"] == {"passed": False, "message": "double must multiply by two."}
    wrong_type = checker.run_checks(job(checking.encode({"nothing": 1})))["double"]
    assert not wrong_type["passed"] and "could not be checked" in wrong_type["message"]
    raised = checker.run_checks(job({"ok": False, "error": "NotImplementedError"}))["double"]
    assert raised == {"passed": False, "message": "Your code raised NotImplementedError while this test ran it."}
    missing = checker.run_checks(job(None, "the kernel died"))["double"]
    assert missing == {"passed": False, "message": "the kernel died"}


def test_checker_runs_as_its_own_process(tmp_path):
    import subprocess
    import sys

    (tmp_path / "job.json").write_text(json.dumps(job(checking.encode({"out": np.arange(3) * 2}))))
    proc = subprocess.run([sys.executable, "-I", "-m", "coursetools.grading.checker", "job.json", "out.json"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads((tmp_path / "out.json").read_text())["double"]["passed"] is True


def test_run_test_runs_both_halves_in_the_students_kernel():
    namespace = {"np": np, "run_test": checking.run_test, "double": lambda x: 2 * x}
    exec(CELL, namespace)  # passes: no exception
    namespace["double"] = lambda x: x
    with pytest.raises(AssertionError, match="multiply by two"):
        exec(CELL, namespace)


def test_run_test_is_quiet_and_says_what_the_grader_records(capsys):
    """In JupyterLab a pass prints one line; a failure shows the grader's sentence, not the harness's frames."""
    namespace = {"np": np, "run_test": checking.run_test, "double": lambda x: 2 * x}
    exec(CELL, namespace)
    assert capsys.readouterr().out == checking.PASSED + "\n"

    namespace["double"] = lambda x: x
    with pytest.raises(checking.CheckFailed) as failed:
        exec(CELL, namespace)
    graded = checker.run_checks(job(checking.encode({"out": np.arange(3)})))["double"]["message"]
    assert failed.value.sentence == graded == "double must multiply by two."
    assert failed.value.__suppress_context__ and failed.value.__cause__ is None  # raise ... from None
    shown = "\n".join(failed.value._render_traceback_())  # what IPython (JupyterLab, Validate) displays
    assert graded in shown and "File " not in shown and "checking.py" not in shown and "\n" not in shown

    def broken(x):
        return x.no_such_method()

    code = compile(CELL.replace("double(helper_for_probe(X))", "broken(X)"), "<test cell>", "exec")
    namespace["broken"] = broken
    with pytest.raises(checking.CheckFailed) as raised:
        exec(code, namespace)
    assert raised.value.sentence.startswith("Your code raised AttributeError: ")
    assert raised.value.where == "Raised in your broken, line " + str(broken.__code__.co_firstlineno + 1) + (
        ": return x.no_such_method()")
    assert capsys.readouterr().out == ""


def test_library_calls_names_what_an_answer_asked_jax_or_numpy():
    from jaxcourse.checks import library_calls

    def plain(pairs):
        return [a if a == b else "int32" for a, b in pairs]

    def asks_jax(pairs):
        return [str(jnp.promote_types(a, b)) for a, b in pairs]

    def asks_numpy(pairs):
        return [np.result_type(a, b).name for a, b in pairs]

    pairs = [("int8", "int8"), ("uint8", "int8")]
    assert library_calls(plain, pairs) == {"out": ["int8", "int32"], "error": None, "calls": []}
    found = library_calls(asks_jax, pairs)
    assert found["out"] == ["int8", "int16"] and "jax._src.dtypes.promote_types" in found["calls"]
    assert any("result_type" in c for c in library_calls(asks_numpy, pairs)["calls"])
    raised = library_calls(plain, None)
    assert raised["out"] is None and raised["error"].startswith("TypeError")


def test_library_calls_sees_an_answer_that_asks_a_child_process():
    import subprocess
    import sys

    from jaxcourse.checks import library_calls

    def in_a_child(pairs):  # asks NumPy in another interpreter, where no profiler watches
        code = f"import numpy as np; print([np.result_type(a, b).name for a, b in {pairs!r}])"
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout

    found = library_calls(in_a_child, [("uint8", "int8")])
    assert "int16" in found["out"] and "another process (subprocess.Popen)" in found["calls"], found
    # Outside library_calls the hook records nothing, and plain answers still show no call.
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    assert library_calls(lambda: 1)["calls"] == []


def test_precheck_reasons(tmp_path):
    folder = tmp_path / "sub"
    assert "empty" in precheck(folder, ["a.ipynb"])
    folder.mkdir()
    (folder / "other.txt").write_text("hi")
    assert "a.ipynb is missing" in precheck(folder, ["a.ipynb"])
    (folder / "a.ipynb").write_text("not json")
    assert "not a valid Jupyter notebook" in precheck(folder, ["a.ipynb"])
    (folder / "a.ipynb").write_text(json.dumps(nbformat.v4.new_notebook()))
    assert precheck(folder, ["a.ipynb"]) == ""


def test_failure_reason_reads_nbgrader_logs():
    assert "kernel died" in failure_reason("... nbclient.exceptions.DeadKernelError: Kernel died")
    assert "time limit" in failure_reason("CellTimeoutError: A cell timed out while it was being executed")
    assert "grading stopped" in failure_reason("RuntimeError: grading stopped: the kernel died while it ran")
    quoted = ('    raise RuntimeError(f"grading stopped: {why}")\n'
              "RuntimeError: grading stopped: Failed to start the kernel")
    assert failure_reason(quoted) == "grading stopped: Failed to start the kernel"
    assert failure_reason("") == "nbgrader failed without a message"


def test_kernel_death_zero_is_recorded_reviewable_and_undone_on_regrade(tmp_path, monkeypatch):
    """Zero goes in as manual scores with a comment; a regrade removes only the grader's own zero."""
    from nbgrader.api import Gradebook

    from coursetools.grading.course import nbgrader_env
    from coursetools.grading.score import ZERO_MARK, unzero_submission, zero_submission

    monkeypatch.setenv("PATH", nbgrader_env()["PATH"])  # the gradebook runs `alembic`

    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        gb.add_assignment("a1")
        gb.add_notebook("nb", "a1")
        gb.add_solution_cell("answer", "nb", "a1")
        for name in ("t1", "t2"):
            gb.add_grade_cell(name, "nb", "a1", max_score=2, cell_type="code")
        for student in ("dies", "zeroed_by_hand"):
            gb.add_student(student)
            gb.add_submission("a1", student)
            for name, auto in (("t1", 2.0), ("t2", 0.0)):
                gb.find_grade(name, "nb", "a1", student).auto_score = auto
        gb.find_grade("t1", "nb", "a1", "zeroed_by_hand").manual_score = 0.0
        gb.db.commit()

        assert zero_submission(gb, "a1", "dies", "its kernel died during grading") == 2.0
        assert gb.find_submission("a1", "dies").score == 0
        grades = [gb.find_grade(n, "nb", "a1", "dies") for n in ("t1", "t2")]
        assert all(g.needs_manual_grade for g in grades), "a zeroed submission must show up for review"
        comment = gb.find_comment("answer", "nb", "a1", "dies").manual_comment
        assert comment.startswith(ZERO_MARK) and "kernel died" in comment

        unzero_submission(gb, "a1", "dies")
        unzero_submission(gb, "a1", "zeroed_by_hand")
        assert gb.find_submission("a1", "dies").score == 2.0
        assert gb.find_comment("answer", "nb", "a1", "dies").manual_comment is None
        # An instructor's own manual zero (no grader comment) is left alone.
        assert gb.find_grade("t1", "nb", "a1", "zeroed_by_hand").manual_score == 0.0


def test_feedback_summary_names_each_exercise_in_plain_text():
    """The summary at the top of a feedback page names the exercise from its heading, without code marks."""
    from coursetools.grading.feedback import exercise_labels

    def code(gid, **meta):
        return {"cell_type": "code", "source": "", "metadata": {"nbgrader": {"grade_id": gid, **meta}}}

    cells = [{"cell_type": "markdown", "source": "## Exercise 3: a loop `jit` cannot trace (4 points)", "metadata": {}},
             code("loop_answer", solution=True, grade=False), code("loop_visible", grade=True, points=2),
             code("loop_hidden", grade=True, points=2)]
    assert exercise_labels(cells) == {
        "comment-loop_answer": "Exercise 3: a loop jit cannot trace, comment on your answer",
        "loop_visible": "Exercise 3: a loop jit cannot trace, visible tests",
        "loop_hidden": "Exercise 3: a loop jit cannot trace, hidden tests"}
