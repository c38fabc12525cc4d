"""The student's JupyterLab, driven in a real (headless) browser: ``pytest -m browser``.

A JupyterLab server from the course virtualenv runs on a free loopback port with a random token,
in a scratch copy of the course (nothing in the repository changes), with its own Jupyter
settings and an nbgrader exchange into which the instructor has released the assignments. Debian's
Chromium, driven by Playwright for Python, then does what a student and an instructor do:

1. runs a lesson top to bottom (Run > Run All Cells): no errors except in the cells tagged
   ``raises-exception``, and a plot renders;
2. opens the released assignment, types a typical wrong answer to the first exercise and runs its
   visible test (JupyterLab shows the check's one sentence, no traceback), types the right answer
   (the test prints one line), and clicks nbgrader's Validate: the other, unanswered exercises are
   reported as failing, each with its sentence first under the cell's code. Screenshots of the
   failing and passing test cells and of the dialog go to the test's tmp dir;
3. opens nbgrader's Assignments and Formgrader panels from the Nbgrader menu.

Screenshots of every step go to ``artifacts/browser/<test>/`` (git-ignored), with the server log.
Without Playwright or Chromium (``scripts/system-deps.sh`` installs it) the tests are skipped.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from browser_helpers import (
    ARTIFACTS,
    CHROMIUM_ARGS,
    CURRENT,
    ROOT,
    JupyterLab,
    Shots,
    code_cell_outputs,
    copy_course,
    menu,
    open_notebook,
    require_chromium,
    save_notebook,
    strip_solution_markers,
    wait_executed,
)
from conftest import course_env

from coursetools.answers import Answer
from coursetools.exercise_check import stored_answers

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ASSIGNMENT = "01_jax_array"
STUDENT_NB = f"release/{ASSIGNMENT}/{ASSIGNMENT}_exercises.ipynb"
SOLUTION_NB = ROOT / "solutions" / ASSIGNMENT / f"{ASSIGNMENT}_exercises.ipynb"


def plot_lesson() -> str:
    """The lesson to run: the first whose committed outputs hold a plot, preferring one that also has
    cells tagged raises-exception (so that both checks bite); lesson 01 when none has a plot."""
    candidates = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        if any("image/png" in out.get("data", {}) for cell in cells for out in cell.get("outputs", [])):
            raises = any("raises-exception" in c.get("metadata", {}).get("tags", []) for c in cells)
            candidates.append((not raises, path.stem))
    return min(candidates)[1] if candidates else "01_jax_array"


def code_cells(nb: dict) -> list[dict]:
    return [cell for cell in nb["cells"] if cell["cell_type"] == "code"]


def grade_id(cell: dict) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def text(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


# -- fixtures ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def chromium() -> str:
    return require_chromium()


@pytest.fixture(scope="module")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def lab(chromium, artifacts, tmp_path_factory):
    """JupyterLab on 127.0.0.1 in a scratch course with a gradebook and released assignments."""
    tmp = tmp_path_factory.mktemp("browser")
    course = copy_course(tmp / "course")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    server = JupyterLab(course, tmp / "jupyter", artifacts / f"jupyterlab-{worker}.log", course_env())
    try:
        released = server.instructor_setup(ROOT / "release")
        server.start()
        print(f"\nJupyterLab at {server.base}/lab in {course} (released: {released}); "
              f"screenshots and log in {artifacts}")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser(chromium):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # A fresh, temporary profile each launch (Playwright's default); no network besides loopback.
        instance = pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()


@pytest.fixture()
def page(browser, lab):
    """A fresh browser context and page; afterwards the test's kernels are shut down."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(30_000)
    outside = []  # the course must work offline: every request goes to the test's own server
    context.on("request", lambda req: None if req.url.startswith((lab.base + "/", "data:", "blob:"))
               else outside.append(req.url))
    try:
        yield context.new_page()
    finally:
        context.close()
        lab.shutdown_kernels()  # leave the 2 cores to the next test
    assert not outside, f"the page requested addresses outside the test server: {sorted(set(outside))[:20]}"


@pytest.fixture()
def shots(page, artifacts, request):
    """``shots("step")`` saves a numbered screenshot in artifacts/browser/<test>/; one more at the end."""
    taker = Shots(page, artifacts / request.node.name)
    yield taker
    try:
        taker("last")  # where the test ended, passed or failed
    except Exception:  # noqa: BLE001 (a page that crashed has nothing to show)
        pass
    print(f"screenshots: {taker.folder}")


# -- tests ---------------------------------------------------------------------------------------

def test_lesson_runs_in_jupyterlab(page, shots, lab):
    """Run All on a lesson: only the raises-exception cells show an error, and the plot renders."""
    lesson = plot_lesson()
    path = f"notebooks/{lesson}.ipynb"
    cells = code_cells(json.loads((lab.course / path).read_text()))
    expected = [i for i, c in enumerate(cells) if "raises-exception" in c.get("metadata", {}).get("tags", [])]

    open_notebook(page, lab, path)
    shots("opened")
    menu(page, "Edit", "Clear Outputs of All Cells")  # every output checked below comes from this run
    outs = code_cell_outputs(page)
    assert len(outs) == len(cells), f"JupyterLab shows {len(outs)} code cells, the notebook has {len(cells)}"
    assert not any(o["mimes"] for o in outs), "outputs are still shown after Clear Outputs of All Cells"
    assert all(o["prompt"] == "[ ]:" for o in outs), f"execution counts left after clearing: {outs[:3]}"
    shots("cleared")

    menu(page, "Run", "Run All Cells")
    wait_executed(page, [i for i, c in enumerate(cells) if text(c).strip()])  # JupyterLab skips empty cells
    shots("ran_all")
    outs = code_cell_outputs(page)

    # Errors as JupyterLab shows them: a traceback in a cell's output area.
    shown = [i for i, o in enumerate(outs) if o["traceback"]]
    # Errors as JupyterLab saved them (outputs of type "error"), to tell them from ordinary stderr.
    save_notebook(page)
    saved = code_cells(json.loads((lab.course / path).read_text()))
    errors = {i: [f"{o['ename']}: {o['evalue']}"[:200] for o in c.get("outputs", []) if o["output_type"] == "error"]
              for i, c in enumerate(saved)}
    errors = {i: e for i, e in errors.items() if e}
    unexpected = {i: (text(saved[i])[:300], errors[i]) for i in errors if i not in expected}
    assert not unexpected, f"{lesson}: cells not tagged raises-exception raised errors: {unexpected}"
    silent = [text(saved[i])[:300] for i in expected if len(errors.get(i, [])) != 1]
    assert not silent, f"{lesson}: cells tagged raises-exception did not show exactly one error: {silent}"
    assert shown == expected, (
        f"{lesson}: tracebacks are shown in code cells {shown}, expected exactly in the raises-exception "
        f"cells {expected}")

    # A plot: a decoded, non-empty <img> in an output area.
    images = [(i, img) for i, o in enumerate(outs) for img in o["images"]]
    assert images, f"{lesson}: no plot (<img>) in any output after Run All"
    assert all(img["complete"] and img["width"] > 50 and img["height"] > 50 for _, img in images), images
    first = images[0][0]
    plot = page.locator(f"{CURRENT} .jp-Notebook .jp-CodeCell").nth(first).locator(".jp-OutputArea-output img").first
    plot.evaluate("img => img.scrollIntoView({block: 'center'})")
    shots("plot")


def type_into(cell, src: str, page) -> None:
    """Type ``src`` over a cell's text, as a student would (the editor's auto-indent is bypassed)."""
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(src)
    page.keyboard.press("Escape")
    typed = cell.locator(".cm-content").inner_text()
    assert typed.strip() == src.strip(), f"the editor holds {typed!r}, not the text typed"


def run_cells(page, cells, indices) -> None:
    for i in indices:
        cells.nth(i).locator(".jp-InputPrompt").click()
        page.keyboard.press("Shift+Enter")
        wait_executed(page, [i], timeout_ms=120_000)




def fails_visibly(ex: str) -> Answer:
    """The shortest stored wrong answer of ``ex`` that fails its *visible* test (no '# Caught:' line)."""
    paths = [p for p in stored_answers("wrong", ASSIGNMENT).get(ex, [])
             if "# Caught:" not in p.read_text() and "__import_" not in p.name]
    assert paths, f"tests/answers/{ASSIGNMENT}/{ex}.py has no wrong answer that fails its visible test"
    return min(paths, key=lambda p: len(p.read_text()))

HARNESS = ("Traceback", 'File "', "checking.py", "run_test(", "jaxcourse")


def test_student_answers_and_validates(page, shots, lab, tmp_path):
    """The released notebook: a wrong answer's visible test shows one sentence, the right one's one
    line; Validate flags the unanswered exercises, each with its sentence right under the cell."""
    from jaxcourse.checking import PASSED

    assert SOLUTION_NB.is_file(), f"missing {SOLUTION_NB.relative_to(ROOT)} (python -m coursetools.build assignments)"
    student = json.loads((lab.course / STUDENT_NB).read_text())
    solution = json.loads(SOLUTION_NB.read_text())
    ids = [grade_id(c) for c in code_cells(student)]
    answers = [g for g in ids if g and g.endswith("_answer")]
    assert answers, f"{STUDENT_NB} has no answer cell"
    ex = answers[0].removesuffix("_answer")
    wrong = fails_visibly(ex)
    (answer_src,) = [text(c) for c in solution["cells"] if grade_id(c) == f"{ex}_answer"]
    answer_src = strip_solution_markers(answer_src)
    setup_i, answer_i, test_i = ids.index("setup"), ids.index(f"{ex}_answer"), ids.index(ex)
    # The visible test cells of the exercises left unanswered, which Validate must report.
    others = [text(c) for c in code_cells(student)
              if grade_id(c) in {a.removesuffix("_answer") for a in answers[1:]}]

    open_notebook(page, lab, STUDENT_NB)
    cells = page.locator(f"{CURRENT} .jp-Notebook .jp-CodeCell")
    answer_cell, test_cell = cells.nth(answer_i), cells.nth(test_i)
    answer_cell.scroll_into_view_if_needed()
    shots("opened")

    # A typical wrong answer first: the visible test shows the check's sentence and nothing else.
    type_into(answer_cell, wrong.read_text(), page)
    run_cells(page, cells, (setup_i, answer_i, test_i))
    test_cell.scroll_into_view_if_needed()
    failed_lines = test_cell.locator(".jp-OutputArea").inner_text().strip().splitlines()
    test_cell.screenshot(path=tmp_path / "visible_test_failed.png")
    shots("test_failed")
    save_notebook(page)
    (error,) = [o for c in code_cells(json.loads((lab.course / STUDENT_NB).read_text())) if grade_id(c) == ex
                for o in c.get("outputs", []) if o["output_type"] == "error"]
    assert "\n" not in error["evalue"] and error["ename"] == "CheckFailed", error
    assert failed_lines[0] == "\u2718 " + error["evalue"], f"JupyterLab shows {failed_lines}, not the sentence"
    assert len(failed_lines) <= 2 and not any(h in line for h in HARNESS for line in failed_lines), failed_lines

    # The right answer: the visible test prints one line.
    type_into(answer_cell, answer_src, page)
    shots("answered")
    run_cells(page, cells, (answer_i, test_i))
    test_cell.scroll_into_view_if_needed()
    passed_text = test_cell.locator(".jp-OutputArea").inner_text().strip()
    test_cell.screenshot(path=tmp_path / "visible_test_passed.png")
    shots("test_passed")
    assert passed_text == PASSED, f"a passing visible test shows {passed_text!r}"
    outs = code_cell_outputs(page)
    for i in (setup_i, answer_i, test_i):
        bad = [m for m in outs[i]["mimes"] if m == "application/vnd.jupyter.stderr"]
        shown = cells.nth(i).locator(".jp-OutputArea").inner_text()[:2000]
        assert not bad and not outs[i]["traceback"], f"code cell {i} ({ids[i]}) shows an error or stderr: {shown}"

    # Validate (nbgrader's toolbar button) saves the notebook, runs it all, and reports.
    page.locator(f"{CURRENT} jp-button.validate-button").click()
    dialog = page.locator(".jp-Dialog")
    dialog.wait_for(state="visible", timeout=300_000)
    shots("validated")
    dialog.locator(".jp-Dialog-content").screenshot(path=tmp_path / "validate_dialog.png")
    print(f"screenshots of the test cells and the Validate dialog: {tmp_path}")
    verdict = dialog.inner_text()
    assert "Validation Results" in verdict, verdict[:3000]
    saved = json.loads((lab.course / STUDENT_NB).read_text())
    assert [text(c) for c in saved["cells"] if grade_id(c) == f"{ex}_answer"] == [answer_src], (
        "Validate did not save the typed answer")
    body = dialog.locator("#validation-message")
    if others:
        assert "validation-failed" in (body.get_attribute("class") or ""), verdict[:3000]
        assert verdict.count("The following cell failed:") == len(others), verdict[:3000]
        shown = body.locator(".jp-RenderedText pre").all_inner_texts()
        sources, errors = shown[0::2], shown[1::2]  # each failure: the cell's code, then its error
        assert len(sources) == len(errors) == len(others), shown
        # Where a student looks first: the first failure's sentence is in view as the dialog opens.
        in_view = body.locator(".jp-RenderedText pre").nth(1).evaluate("""e => {
          const box = e.closest('.jp-Dialog-content').getBoundingClientRect(), r = e.getBoundingClientRect();
          return r.top >= box.top && r.top + 16 <= box.bottom; }""")
        assert in_view, f"the first failure's sentence is below the fold of the Validate dialog:\n{verdict[:1500]}"
        for src in others:  # each unanswered exercise's visible test, by its docstring
            assert any(src.splitlines()[0] in f for f in sources), f"Validate did not report {src[:200]!r}"
        for src, err in zip(sources, errors, strict=True):
            lines = err.strip().splitlines()
            # The sentence is the first thing under the cell's code: no traceback, no harness frames.
            assert lines and lines[0].startswith("\u2718 ") and "NotImplementedError" in err, (src[:80], err)
            assert len(lines) <= 2 and not any(h in line for h in HARNESS for line in lines), (src[:80], err)
        assert text(code_cells(student)[test_i]).splitlines()[0] not in "\n".join(sources), (
            f"Validate reports the answered exercise {ex} as failing:\n{verdict[:3000]}")
    else:
        assert "Success! Your notebook passes all the tests." in verdict, verdict[:3000]
    dialog.get_by_role("button", name="Ok").click()


def test_nbgrader_panels(page, shots, lab):
    """The student's Assignments panel lists the released assignment; the Formgrader manages it."""
    released = sorted(p.parent.name for p in (lab.course / "release").glob("*/*.ipynb"))
    assert released, "nothing in release/ to list"
    page.goto(lab.url("lab"))
    page.wait_for_selector("#jp-main-dock-panel", timeout=120_000)
    shots("lab")

    menu(page, "Nbgrader", "Assignment List")
    panel = page.locator("#nbgrader-assignment-list")
    panel.get_by_text("Released assignments").wait_for()
    for aid in released:
        row = panel.locator("#released_assignments_list .list_item", has_text=aid)
        row.wait_for(timeout=60_000)
        assert row.get_by_role("button", name="Fetch").is_visible(), row.inner_text()
    assert "jax-course" in panel.inner_text()
    shots("assignments")

    menu(page, "Nbgrader", "Formgrader")
    frame = page.frame_locator("iframe[src*='formgrader']")
    frame.get_by_role("heading", name=re.compile("Manage Assignments")).wait_for(timeout=60_000)
    for aid in released:
        row = frame.locator("tr", has_text=aid)
        row.first.wait_for(timeout=60_000)
        assert "released" in row.first.inner_text(), row.first.inner_text()
    shots("formgrader")
