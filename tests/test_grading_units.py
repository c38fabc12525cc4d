"""Unit tests of the grading pieces that run without executing notebooks."""

from __future__ import annotations

import json

import nbformat
from nbgrader.utils import determine_grade

from jaxcourse.grade import failure_reason, precheck
from jaxcourse.grading import StderrIsNotFailure


def graded_cell(outputs):
    cell = nbformat.v4.new_code_cell("assert True")
    cell.metadata["nbgrader"] = {"grade": True, "grade_id": "t", "points": 2, "solution": False,
                                 "locked": True, "schema_version": 3}
    cell.outputs = [nbformat.from_dict(o) for o in outputs]
    return cell


def test_stderr_in_a_test_cell_no_longer_costs_marks():
    cell = graded_cell([{"output_type": "stream", "name": "stderr", "text": "UserWarning: hi\n"}])
    assert determine_grade(cell)[0] == 0  # nbgrader's own rule, which we work around
    nb = nbformat.v4.new_notebook(cells=[cell])
    nb, _ = StderrIsNotFailure()(nb, {})  # as nbgrader calls it: only runs when enabled
    cell = nb.cells[0]
    assert determine_grade(cell) == (2, 2)
    assert "UserWarning: hi" in cell.outputs[0]["text"]


def test_errors_still_fail():
    cell = graded_cell([{"output_type": "stream", "name": "stderr", "text": "x"},
                        {"output_type": "error", "ename": "AssertionError", "evalue": "no", "traceback": []}])
    cell, _ = StderrIsNotFailure().preprocess_cell(cell, {}, 0)
    assert determine_grade(cell)[0] == 0


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
    assert failure_reason("") == "nbgrader failed without a message"
