"""Stage 2, precheck: can a submission be graded at all, and what exactly will be graded.

:func:`precheck` runs on the grader's side before any worker is asked: an empty folder, a missing
notebook or a file that is not a Jupyter notebook makes the submission ``failed`` with one sentence.

:class:`Canonicalize` (an nbgrader sanitising step, see ``nbgrader_config.py``) then rebuilds the
submission from the instructor's copy: every cell comes from the release notebook and the
gradebook, except the answer cells (by grade id) and the student's own extra code cells, which are
taken from the submission. Changed, deleted, relabelled or added test cells therefore change
nothing; what was odd about the submission is noted (``result.note_problem``) for the report,
including the two wrong copies students hand in: the blank release (:data:`BLANK_COPY`: every answer
cell unchanged) and the instructor's version (:data:`INSTRUCTOR_COPY`: solution markers or hidden
tests, as in ``source/`` and ``solutions/``).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Unicode

from coursetools.grading.result import note_problem

#: The notes on the two wrong copies (a submission with either is graded, status ``check``).
BLANK_COPY = "unchanged from the release: probably the wrong copy (every answer cell is still the blank stub)"
INSTRUCTOR_COPY = "holds the instructor's version (solution markers or hidden tests, as in source/ or solutions/)"
#: nbgrader's markers of solution regions and hidden tests, which no student copy holds.
INSTRUCTOR_MARKS = re.compile(r"^[ \t]*#+[ \t]*(BEGIN|END) (SOLUTION|HIDDEN TESTS)\b", re.MULTILINE)


def precheck(folder: Path, notebooks: list[str]) -> str:
    """Why this submission cannot be graded, or '' when it can."""
    if not folder.is_dir() or not any(folder.iterdir()):
        return "the submission folder is empty"
    for name in notebooks:
        path = folder / name
        if not path.exists():
            found = ", ".join(sorted(p.name for p in folder.iterdir())) or "nothing"
            return f"{name} is missing from the submission (found: {found})"
        try:
            nb = nbformat.read(path, as_version=4)
            nbformat.validate(nb)
        except Exception as err:  # any unreadable file is the student's problem, not ours
            return f"{name} is not a valid Jupyter notebook ({err.__class__.__name__})"
    return ""


def _code(source: str) -> list[str]:
    """The lines of ``source`` that do something: comments, blank lines and trailing spaces aside."""
    lines = (line.rstrip() for line in source.splitlines())
    return [line for line in lines if line.strip() and not line.lstrip().startswith("#")]


def wrong_copy(cells, released: dict[str, str], answer_ids: list[str]) -> str:
    """:data:`INSTRUCTOR_COPY`, :data:`BLANK_COPY` or '' for a submission's ``cells`` (before they are
    rebuilt); ``released`` maps grade ids to the release's sources."""
    code = [c for c in cells if c.get("cell_type") == "code"]
    if any(INSTRUCTOR_MARKS.search(c.get("source", "")) for c in code):
        return INSTRUCTOR_COPY
    answers = [c for c in code if grade_id(c) in answer_ids]
    if answers and all(_code(c.get("source", "")) == _code(released.get(grade_id(c), "")) for c in answers):
        return BLANK_COPY
    return ""


def cell_info(cell) -> dict:
    """A cell's nbgrader metadata ({} when it has none)."""
    return cell.get("metadata", {}).get("nbgrader", {}) or {}


def grade_id(cell) -> str | None:
    return cell_info(cell).get("grade_id")


class Canonicalize(NbGraderPreprocessor):
    """Rebuild a submission from the instructor's cells plus the student's answers and extra cells."""

    release_directory = Unicode("release", help="where the released notebooks (the templates) live").tag(
        config=True)

    def preprocess(self, nb, resources):
        nb_id = resources["nbgrader"]["notebook"]
        aid = resources["nbgrader"]["assignment"]
        template_path = self._release_root() / aid / f"{nb_id}.ipynb"
        template = nbformat.read(template_path, as_version=4)
        with Gradebook(resources["nbgrader"]["db_url"]) as gb:
            stored = {c.name: c.source for c in gb.find_notebook(nb_id, aid).source_cells}

        answers_ids = [grade_id(c) for c in template.cells if cell_info(c).get("solution")]
        instructor_ids = {grade_id(c) for c in template.cells if grade_id(c)} - set(answers_ids)
        released = {grade_id(c): c.source for c in template.cells if grade_id(c)}
        answers: dict[str, object] = {}
        extras: dict[str | None, list] = {}
        last: str | None = None
        problems: list[str] = []
        for cell in nb.cells:
            gid = grade_id(cell)
            if gid in answers_ids and gid not in answers and cell.cell_type == "code":
                answers[gid] = cell
                last = gid
            elif gid in instructor_ids:
                if cell.get("source", "") not in (released.get(gid), stored.get(gid)):
                    problems.append(f"cell {gid} was changed (the instructor's version was graded)")
            elif cell.cell_type == "code" and cell.get("source", "").strip():
                if gid:
                    problems.append(f"cell {gid} is not part of the assignment (it ran as the student's code)")
                extras.setdefault(last, []).append(cell)
        for gid in answers_ids:
            if gid not in answers:
                problems.append(f"answer cell {gid} is missing or was renamed")
        copy = wrong_copy(nb.cells, released, answers_ids)
        if copy:
            problems.insert(0, copy)
        present = {grade_id(c) for c in nb.cells}
        for gid in sorted(instructor_ids - present):
            problems.append(f"cell {gid} was deleted (the instructor's version was graded)")

        cells = []
        first_answer = True
        for cell in template.cells:
            gid = grade_id(cell)
            new = nbformat.from_dict(cell)
            if cell.cell_type == "code":
                new.outputs, new.execution_count = [], None
            if gid in answers_ids:
                if first_answer:
                    cells += [self._student_cell(c) for c in extras.get(None, [])]
                    first_answer = False
                if gid in answers:
                    new.source = answers[gid].get("source", "")
                cells.append(new)
                cells += [self._student_cell(c) for c in extras.get(gid, [])]
                continue
            if gid in stored:
                new.source = stored[gid]
            cells.append(new)
        nb.cells = cells
        nb.metadata["kernelspec"] = template.metadata.get("kernelspec", nb.metadata.get("kernelspec", {}))
        for p in problems:
            note_problem(f"{nb_id}: {p}")
        return nb, resources

    def _release_root(self) -> Path:
        """The release folder, relative to the course root (nbgrader's ``CourseDirectory.root``), not
        to the working directory: a Formgrader on a hub runs in the instructor's home folder."""
        folder = Path(self.release_directory)
        node = self.parent
        while not folder.is_absolute() and node is not None:
            root = getattr(getattr(node, "coursedir", None), "root", None)
            if root:
                return Path(root) / folder
            node = getattr(node, "parent", None)
        return folder

    @staticmethod
    def _student_cell(cell):
        return nbformat.v4.new_code_cell(cell.get("source", ""))
