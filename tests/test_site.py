"""The course website (``make site``, coursetools/site.py): every page there, nothing secret, and it
works in a real browser without network.

The site is built once per test run: :func:`coursetools.site.ensure` uses ``build/site/`` when it
is up to date with its sources (``make test`` builds it first) and otherwise builds it there, under
a lock that every pytest-xdist worker (and the student edition's build) shares.

1. No solution region and no hidden test of ``source/`` occurs in any file of the site, searched as
   ``tests/test_edition.py`` searches the student edition; no page comes from ``source/``,
   ``solutions/`` or ``tests/``.
2. Every lesson and every assignment has its page, with a link to download its notebook.
3. Served on a loopback port, every page is visited in headless Chromium (Debian's, through
   Playwright): it loads, every internal link (fragments included) and every image resolves, each
   lesson shows every figure of its outputs, MathJax (served from the site) has typeset every
   formula so no ``$$`` is left in the text, a search for "vmap" lists the vmap lesson, and no
   request goes to any host but the loopback server. Opened as files (``file://``, as a student
   opens the edition's ``site/``), the home page, a lesson's figures and an assignment's formulas
   work too. Screenshots of the home page, a lesson with
   figures and an assignment with formulas are written to ``artifacts/site/`` (git-ignored).
"""

from __future__ import annotations

import json
import re
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import pytest
from browser_helpers import CHROMIUM_ARGS, require_chromium
from conftest import ASSIGNMENTS, LESSONS, ROOT, read_nb
from test_edition import folder_texts, leaks, secrets

from coursetools import site as course_site

#: One worker runs them all: one browser, one server, and the build shared with the other workers.
pytestmark = pytest.mark.xdist_group("site")

ARTIFACTS = ROOT / "artifacts" / "site"  # git-ignored
#: A lesson whose page must show figures, and an assignment whose page must show formulas (screenshots).
FIGURE_LESSON = "notebooks/04_vmap"
MATH_ASSIGNMENT = next((f"release/{nb.parent.name}/{nb.stem}" for nb in sorted((ROOT / "release").glob("*/*.ipynb"))
                        if "$$" in nb.read_text()), "release: no assignment with a formula")
GUIDES = {"docs/index", "docs/student", "docs/instructor/index", "docs/instructor/quick-start",
          "docs/maintainer/index"}


@pytest.fixture(scope="session")
def built() -> Path:
    return course_site.ensure()


def page_names(out: Path) -> set[str]:
    return {str(p.relative_to(out).with_suffix("")) for p in course_site.pages(out)}


def notebook_pages() -> dict[str, Path]:
    """Page name -> notebook, for every lesson and every assignment's student version."""
    out = {str(p.relative_to(ROOT).with_suffix("")): p for p in LESSONS}
    for path in sorted((ROOT / "release").glob("*/*.ipynb")):
        out[str(path.relative_to(ROOT).with_suffix(""))] = path
    return out


def figures(nb: Path) -> int:
    """Image outputs in a notebook's code cells."""
    return sum(1 for c in read_nb(nb)["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
               if {"image/png", "image/jpeg", "image/svg+xml"} & set(o.get("data", {})))


# -- what is there, and what never is --------------------------------------------------------------

@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_no_solution_or_hidden_test_in_the_site(built, aid):
    texts = folder_texts(built)
    assert any(name.startswith("release/") for name in texts) and any(name.endswith(".ipynb") for name in texts)
    assert secrets(aid)["solution"] and secrets(aid)["hidden test"]
    found = leaks(texts, aid)
    assert not found, "\n".join(map(str, found))


def test_every_lesson_assignment_and_guide_has_a_page_and_nothing_else(built):
    assert (built / "index.html").is_file() and (built / course_site.HOME).is_file()
    names = page_names(built)
    expected = set(notebook_pages()) | GUIDES
    assert expected <= names, f"missing pages: {sorted(expected - names)}"
    assert {f"release/{aid}/{aid}_exercises" for aid in ASSIGNMENTS} <= names
    for name in names:
        assert not name.startswith(("source/", "solutions/", "tests/", "coursetools/")), name
    assert not [p for p in built.rglob("*") if p.name in ("source", "solutions", "tests", "coursetools")]


@pytest.mark.parametrize("name", sorted(notebook_pages()))
def test_notebook_pages_link_to_their_notebook(built, name):
    nb = notebook_pages()[name]
    html = (built / f"{name}.html").read_text()
    links = re.findall(r'<p class="course-download"><a [^>]*href="([^"]+)"', html)
    assert links, f"{name}.html has no 'Download the notebook' link"
    target = (built / name).parent / links[0]
    assert target.resolve().read_bytes() == nb.read_bytes(), f"{links[0]} is not {nb.relative_to(ROOT)}"


def test_the_quick_starts_time_table_is_up_to_date():
    """docs/instructor/quick-start.md's table (python -m coursetools.site --times) has every lesson with its
    length as committed and the points of source/ as they are."""
    text = (ROOT / course_site.QUICK_START).read_text()
    table = text[text.index(course_site.TIMES_BEGIN) + len(course_site.TIMES_BEGIN):text.index(course_site.TIMES_END)]
    assert table.strip() == course_site.time_table().strip(), (
        "the quick-start's time table is out of date: run python -m coursetools.site --times")


def test_lesson_length_counts_prose_code_prompts_figures_and_tracebacks(tmp_path):
    """The reading-time model's inputs, on a notebook made for it; the introduction's mention of the prompts is none."""
    nb = {"cells": [
        {"cell_type": "markdown", "source": "# Intro\n\nCells marked **Predict, then run** ask first.", "metadata": {}},
        {"cell_type": "markdown", "source": ["**Predict, then run.** What does `f(x)` print? ", "See [docs](https://x.y).\n",
                                            "```python\nimport jax\n\njax.devices()\n```\n", "`a b` and `c`."],
         "metadata": {}},
        {"cell_type": "code", "source": "x = 1\n\n\nprint(x)\n", "metadata": {}, "outputs": [
            {"output_type": "display_data", "data": {"image/png": "", "text/plain": "<Figure>"}, "metadata": {}}]},
        {"cell_type": "code", "source": ["y = 2\n", "   \n", "y"], "metadata": {},
         "outputs": [{"output_type": "error", "ename": "E", "evalue": "", "traceback": []}]}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "lesson.ipynb"
    path.write_text(json.dumps(nb))
    length = course_site.lesson_length(path)
    words = len("Intro Cells marked Predict, then run ask first. Predict, then run. What does print? See docs. and"
                .split())
    assert length == course_site.LessonLength(words=words, span_words=4, code_lines=2 + 2 + 2, prompts=1, figures=1,
                                              tracebacks=1)
    assert length.minutes == pytest.approx((words + 4) / 180 + 6 / 6 + 2 + 0.5 + 0.5)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_fits_one_sitting(lesson):
    """At most 2,500 words of prose and 45 minutes for a reader who runs every cell (the model above)."""
    length = course_site.lesson_length(lesson)
    lesson = lesson.stem
    assert length.words <= 2500, f"{lesson} has {length.words} words of prose; the design allows 2,500"
    assert length.minutes <= course_site.MAX_LESSON_MINUTES, (
        f"{lesson} takes about {length.minutes:.0f} minutes ({length}); one sitting is "
        f"{course_site.MAX_LESSON_MINUTES}: cut code lines, prompts or prose (never a figure), or split the lesson")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_shows_figures(lesson):
    """Every lesson shows at least two figures (image outputs in its committed notebook)."""
    length = course_site.lesson_length(lesson)
    assert length.figures >= course_site.MIN_LESSON_FIGURES, (
        f"{lesson.stem} shows {length.figures} figure(s); every lesson shows at least "
        f"{course_site.MIN_LESSON_FIGURES} (DESIGN.md: figures that teach what a reader would rather see than read)")


# -- in a browser ------------------------------------------------------------------------------------

class _Handler(SimpleHTTPRequestHandler):
    def log_request(self, code="-", size="-"):
        self.server.log.append((self.path, int(code) if str(code).isdigit() else 0))

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server(built):
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(built)))
    httpd.log = []
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd, f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser_page(server):
    chromium = require_chromium()
    from playwright.sync_api import sync_playwright

    httpd, base = server
    outside: list[str] = []
    failed: list[str] = []

    def only_loopback(route):
        url = urlparse(route.request.url)
        if url.hostname == "127.0.0.1" or url.scheme == "file":  # the server, or the site's own files
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", only_loopback)
            page = context.new_page()
            page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
            page.on("response", lambda r: failed.append(f"{r.url} (HTTP {r.status})") if r.status >= 400 else None)
            yield page, base, outside, failed
        finally:
            browser.close()


_PAGE_FACTS_JS = """() => {
  const article = document.querySelector('article') || document.body;
  const copy = article.cloneNode(true);
  copy.querySelectorAll('pre, code, script, style, mjx-container').forEach(e => e.remove());
  return {
    links: [...document.querySelectorAll('a[href]')].map(a => a.href),
    images: [...document.querySelectorAll('img')].map(i => ({
      src: i.currentSrc || i.src, ok: i.complete && i.naturalWidth > 0})),
    outputImages: [...document.querySelectorAll('.cell_output img')].filter(
      i => i.complete && i.naturalWidth > 0).length,
    math: document.querySelectorAll('.math').length,
    typeset: [...document.querySelectorAll('.math')].filter(m => m.querySelector('mjx-container')).length,
    mathErrors: document.querySelectorAll('mjx-merror').length,
    text: copy.textContent,
    download: !!document.querySelector('p.course-download a[download]'),
  };
}"""


def _wait_for_math(page) -> None:
    if page.evaluate("() => document.querySelectorAll('.math').length") == 0:
        return
    page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise", timeout=30_000)
    page.evaluate("() => MathJax.startup.promise.then(() => true)")


def test_every_page_in_a_browser(built, server, browser_page):
    page, base, outside, failed = browser_page
    names = sorted(page_names(built))
    notebooks = notebook_pages()
    problems: list[str] = []
    ids_cache: dict[str, set[str]] = {}

    def ids_of(path: Path) -> set[str]:
        if str(path) not in ids_cache:
            ids_cache[str(path)] = set(re.findall(r'\bid="([^"]+)"', path.read_text(errors="replace")))
        return ids_cache[str(path)]

    for name in names:
        url = f"{base}/{name}.html"
        response = page.goto(url, wait_until="load")
        if response is None or response.status != 200:
            problems.append(f"{name}: HTTP {response and response.status}")
            continue
        _wait_for_math(page)
        facts = page.evaluate(_PAGE_FACTS_JS)
        for link in facts["links"]:
            target, fragment = urldefrag(link)
            parsed = urlparse(target)
            if parsed.scheme in ("http", "https") and parsed.hostname != "127.0.0.1":
                continue  # a link to another site (JAX's documentation): never requested
            if parsed.scheme not in ("http", "https"):
                if parsed.scheme not in ("mailto", "javascript"):
                    problems.append(f"{name}: link with scheme {parsed.scheme!r}: {link}")
                continue
            path = built / unquote(parsed.path).lstrip("/")
            if path.is_dir():
                path = path / "index.html"
            if not path.is_file():
                problems.append(f"{name}: link to a missing file: {link}")
            elif fragment and path.suffix == ".html" and fragment not in ids_of(path):
                problems.append(f"{name}: link to a missing anchor: {link}")
        problems += [f"{name}: image not shown: {i['src']}" for i in facts["images"] if not i["ok"]]
        if facts["math"] != facts["typeset"] or facts["mathErrors"]:
            problems.append(f"{name}: {facts['typeset']} of {facts['math']} formulas typeset, "
                            f"{facts['mathErrors']} MathJax errors")
        for raw in ("$$", "\\[", "\\begin{"):
            if raw in facts["text"]:
                problems.append(f"{name}: raw math {raw!r} in the rendered text")
        if name in notebooks:
            if not facts["download"]:
                problems.append(f"{name}: no 'Download the notebook' link")
            want = figures(notebooks[name])
            if facts["outputImages"] < want:
                problems.append(f"{name}: {facts['outputImages']} of its {want} figures shown")
        if name == FIGURE_LESSON:
            assert figures(notebooks[name]) > 0, f"{FIGURE_LESSON} has no figure to check"
        if name == MATH_ASSIGNMENT:
            assert facts["math"] > 0, f"{MATH_ASSIGNMENT} has no formula to check"
    assert not problems, "\n".join(problems)
    assert not failed, "requests that failed:\n" + "\n".join(sorted(set(failed)))
    assert not outside, "requests to other hosts:\n" + "\n".join(sorted(set(outside)))
    served = {path.split("?")[0] for path, code in server[0].log if code == 200}
    assert any(p.endswith("/mathjax/tex-chtml.js") for p in served), "MathJax was not loaded from the site"


def test_search_finds_the_vmap_lesson(browser_page):
    page, base, outside, failed = browser_page
    page.goto(f"{base}/search.html?q=vmap", wait_until="load")
    page.wait_for_function("() => document.querySelectorAll('#search-results ul.search li').length > 0",
                           timeout=30_000)
    hits = page.evaluate("() => [...document.querySelectorAll('#search-results ul.search li a')].map(a => a.href)")
    assert any(urlparse(h).path.endswith("/notebooks/04_vmap.html") for h in hits), hits
    assert not outside, outside


def test_the_site_reads_from_its_folder_without_a_server(built, browser_page):
    """What a student of the edition does: open site/index.html as a file; pages, figures and math work."""
    page, base, outside, failed = browser_page
    page.goto((built / "index.html").as_uri(), wait_until="load")
    page.wait_for_url(re.compile(r"^file:.*/docs/index\.html$"))
    page.goto((built / f"{MATH_ASSIGNMENT}.html").as_uri(), wait_until="load")
    _wait_for_math(page)
    facts = page.evaluate(_PAGE_FACTS_JS)
    assert facts["math"] > 0 and facts["typeset"] == facts["math"], facts["typeset"]
    page.goto((built / f"{FIGURE_LESSON}.html").as_uri(), wait_until="load")
    facts = page.evaluate(_PAGE_FACTS_JS)
    assert facts["outputImages"] >= figures(notebook_pages()[FIGURE_LESSON]) > 0
    assert all(i["ok"] for i in facts["images"]), facts["images"]
    assert not outside, outside


def test_screenshots_of_the_home_page_a_lesson_and_an_assignment(browser_page):
    """Kept in artifacts/site/ to be looked at: the home page, a lesson's first figure, an assignment's formula."""
    page, base, outside, failed = browser_page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shots = {}
    page.goto(f"{base}/index.html", wait_until="load")
    page.wait_for_url(re.compile(r".*/docs/index\.html$"))
    page.wait_for_selector("table")
    shots["home"] = ARTIFACTS / "01_home.png"
    page.screenshot(path=str(shots["home"]))

    page.goto(f"{base}/{FIGURE_LESSON}.html", wait_until="load")
    figure = page.locator(".cell_output img").first
    figure.scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy(0, -250)")
    shots["lesson"] = ARTIFACTS / "02_lesson_figure.png"
    page.screenshot(path=str(shots["lesson"]))

    page.goto(f"{base}/{MATH_ASSIGNMENT}.html", wait_until="load")
    _wait_for_math(page)
    page.locator("div.math").first.scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy(0, -200)")
    shots["math"] = ARTIFACTS / "03_assignment_math.png"
    page.screenshot(path=str(shots["math"]))
    for path in shots.values():
        assert path.stat().st_size > 10_000, f"{path} looks empty"
    (ARTIFACTS / "screenshots.json").write_text(json.dumps({k: str(v.relative_to(ROOT)) for k, v in shots.items()}))
    assert not outside, outside
