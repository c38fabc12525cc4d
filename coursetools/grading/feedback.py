"""Stage 6, feedback: the page each student gets back.

A graded submission gets nbgrader's feedback page (``nbgrader generate_feedback``, also from the
Formgrader), made with this course's template ``templates/feedback`` and the
:class:`FeedbackPage` step (both set in ``nbgrader_config.py``): its summary at the top names each
exercise ("Exercise 2: Batched distances, hidden tests") instead of "Test cell", and math is
typeset by a copy of MathJax inside the page (from the ``sphinx-mathjax-offline`` package, the
copy the course site serves), so it renders with no network. The copy goes inside the page, not
next to it, because nbgrader's exchange (``release_feedback`` / ``fetch_feedback``) and an LMS
comment carry the HTML file alone; only pages with math carry it (about 2 MB).

A submission that could not be graded gets :func:`write_failed_page` instead: why nothing could be
graded, that this is no zero, and what to hand in instead, under the same file name, so that
``release_feedback`` delivers it the same way.
"""

from __future__ import annotations

import html
import importlib.metadata
import re
import shutil
import time
from pathlib import Path

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

from coursetools.grading.course import nbgrader as run_nbgrader
from coursetools.grading.result import Result

#: Where nbconvert finds this course's feedback template, ``templates/feedback`` (a copy of nbgrader's, changed).
#: It keeps nbgrader's name: the Formgrader's feedback button asks for the template named "feedback", so
#: this folder replaces nbgrader's on every route.
TEMPLATE_DIRS = [str(Path(__file__).parent / "templates")]
TEMPLATE_NAME = "feedback"
#: MathJax 3, typeset to SVG (no font files to fetch), from the pip package the course site uses.
MATHJAX = ("sphinx-mathjax-offline", "sphinx-mathjax-offline/static/mathjax/tex-svg.js")
MATH = re.compile(r"\$[^$\n]+\$|\\\(|\\\[|\\begin\{")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*(?:\(\s*\d+(?:\.\d+)?\s+points?\s*\))?\s*$", re.M)


def mathjax_source() -> str:
    """The text of MathJax's ``tex-svg.js`` ('' when the package is missing: then no math is typeset)."""
    try:
        path = Path(importlib.metadata.distribution(MATHJAX[0]).locate_file(MATHJAX[1]))
    except importlib.metadata.PackageNotFoundError:
        return ""
    return path.read_text(encoding="utf-8").replace("</script", "<\\/script") if path.exists() else ""


def exercise_labels(cells) -> dict[str, str]:
    """Test cell grade id -> "Exercise 2: Batched distances, visible tests" (from the heading above it), and
    ``comment-<answer id>`` -> "Exercise 2: Batched distances, comment on your answer"."""
    labels, heading = {}, ""
    for cell in cells:
        info = cell.get("metadata", {}).get("nbgrader", {}) or {}
        if cell.get("cell_type") == "markdown":
            found = HEADING.findall("".join(cell.get("source", "")))
            heading = found[0].replace("`", "") if found else heading  # the summary is plain text: no code marks
        gid = info.get("grade_id")
        if not gid:
            continue
        if info.get("grade"):
            kind = ("hidden tests" if gid.endswith("_hidden") else "hidden tests, edge cases" if gid.endswith("_edge")
                    else "visible tests" if info.get("points") else "visible tests (feedback, no points)")
            if info.get("solution"):
                kind = "answer"
            labels[gid] = f"{heading}, {kind}" if heading else f"{gid} ({kind})"
        if info.get("solution"):  # nbgrader's comment on an answer ("No response." for a blank one)
            labels[f"comment-{gid}"] = f"{heading}, comment on your answer" if heading else f"{gid} (comment)"
    return labels


class FeedbackPage(Preprocessor):
    """Hands the course's feedback template the exercise names and, where the page has math, MathJax."""

    enabled = Bool(True).tag(config=True)  # nbconvert's preprocessors are off unless enabled

    def preprocess(self, nb, resources):
        resources["exercise_labels"] = exercise_labels(nb.cells)
        has_math = any(c.cell_type == "markdown" and MATH.search(c.source) for c in nb.cells)
        resources["local_mathjax"] = mathjax_source() if has_math else ""
        if has_math and not resources["local_mathjax"]:
            self.log.warning("no local MathJax (pip install %s): the feedback shows math as LaTeX", MATHJAX[0])
        return nb, resources


def generate(course: Path, assignment: str) -> None:
    """nbgrader's feedback for every graded submission of ``assignment``."""
    proc = run_nbgrader(["generate_feedback", assignment, "--force"], course)
    if proc.returncode:
        print(f"nbgrader generate_feedback failed: {proc.stderr[-1000:]}")


def what_to_hand_in(reason: str, notebook: str) -> str:
    """One or two sentences a student can act on, for the reason their submission could not be graded."""
    if "not a valid Jupyter notebook" in reason:
        return (f"Open your work in JupyterLab and check that it opens as a notebook and runs; save it there "
                f"(File > Save Notebook) and hand in that file, named {notebook}. A Python or text file renamed "
                f"to .ipynb, or a notebook damaged on the way (edited in a text editor, cut short by an "
                f"upload), cannot be graded.")
    if "is missing from the submission" in reason or "empty" in reason:
        return (f"Hand in the notebook {notebook} from your assignment folder, under exactly that name (no "
                f"copy, no renamed file, not a zip of something else).")
    if "not an assignment of this course" in reason:
        return "Hand it in again under the assignment it belongs to."
    return (f"Restart the kernel and run the whole notebook {notebook} (Kernel > Restart Kernel and Run All "
            f"Cells): every cell should finish within a minute or two, and the test cells should be the ones you "
            f"were given. Then hand it in again; if it still cannot be graded, your instructor will look at it.")


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{notebook}: could not be graded</title>
<style>
body {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; max-width: 46em; margin: 2em auto;
       padding: 0 1em; line-height: 1.5; color: #222; }}
.box {{ border: 2px solid #c0392b; border-radius: 6px; padding: 0.2em 1.2em 1em; background: #fdf3f2; }}
h1 {{ font-size: 1.5em; color: #c0392b; }}
h2 {{ font-size: 1.1em; margin-top: 1.4em; }}
code {{ background: #eee; padding: 0 0.25em; border-radius: 3px; }}
.meta {{ color: #666; font-size: 0.9em; }}
</style>
</head>
<body>
<div class="box">
<h1>{notebook}: nothing could be graded</h1>
<p>Your submission of assignment <code>{assignment}</code> could not be graded, so it has <b>no score yet</b>
(not a zero). It is listed in your instructor's grading report as a submission that could not be
graded.</p>
<h2>Why</h2>
<p>{reason}.</p>
<h2>What to hand in instead</h2>
<p>{todo}</p>
</div>
<p class="meta">Expected notebook: <code>{notebook}</code>. Handed in: {found}. Checked {when}.</p>
</body>
</html>
"""


def write_failed_page(course: Path, assignment: str, result: Result, notebooks: list[str]) -> list[Path]:
    """The feedback page of a submission that could not be graded, one per notebook name the student
    handed in or was expected to; nbgrader's ``timestamp.txt`` and ``submission_secret.txt`` go with
    it, so that ``release_feedback`` can deliver it through the exchange."""
    submitted = course / "submitted" / result.student / assignment
    out = course / "feedback" / result.student / assignment
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    handed_in = sorted(p.name for p in submitted.glob("*.ipynb")) if submitted.is_dir() else []
    names = list(dict.fromkeys([*notebooks, *handed_in]))
    found = ", ".join(f"<code>{html.escape(n)}</code>" for n in handed_in) or "no notebook"
    reason = result.reason[:1].upper() + result.reason[1:]
    pages = []
    for name in names:
        expected = notebooks[0] if name not in notebooks and notebooks else name
        page = out / f"{Path(name).stem}.html"
        page.write_text(PAGE.format(notebook=html.escape(expected), assignment=html.escape(assignment),
                                    reason=html.escape(reason.rstrip(".")), found=found,
                                    todo=html.escape(what_to_hand_in(result.reason, expected)),
                                    when=time.strftime("%Y-%m-%d %H:%M %Z")))
        pages.append(page)
    for extra in ("timestamp.txt", "submission_secret.txt"):
        if (submitted / extra).is_file():
            shutil.copy2(submitted / extra, out / extra)
    return pages
