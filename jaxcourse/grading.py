"""Grading pieces that plug into nbgrader (see ``nbgrader_config.py``)."""

from __future__ import annotations

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool


class StderrIsNotFailure(Preprocessor):
    """Turn stderr text in graded cells into stdout so that only a failed check costs marks.

    nbgrader scores a test cell zero when it printed anything to stderr, so a correct answer that
    triggers a JAX warning or writes a debug line would lose its points. The text stays visible in
    the feedback, marked as having come from stderr.
    """

    enabled = Bool(True).tag(config=True)  # nbconvert preprocessors are off unless enabled

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and cell.get("metadata", {}).get("nbgrader", {}).get("grade"):
            for output in cell.get("outputs", []):
                if output.get("output_type") == "stream" and output.get("name") == "stderr":
                    output["name"] = "stdout"
                    output["text"] = "[stderr] " + output.get("text", "")
        return cell, resources
