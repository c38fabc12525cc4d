"""Sphinx configuration of the course website (``make site``; ``coursetools/site.py`` runs it).

The source folder is the repository root, but only what ``include_patterns`` names is read: the
README (through ``docs/index.md``), the guides in ``docs/``, the executed lessons in ``notebooks/``
and the student versions of the assignments in ``release/``. ``source/``, ``solutions/`` and
``tests/`` are never read, so no solution or hidden test can reach the site (``tests/test_site.py``
searches the built pages for them anyway).

The stack is the one JAX's own documentation uses (``myst_nb`` and ``sphinx_book_theme``), with two
differences: notebooks are rendered as committed (their outputs are checked by nbval; nothing is
executed here), and nothing is loaded from another host: MathJax comes from the
``sphinx-mathjax-offline`` package and is served from ``_static/mathjax/``; the theme's fonts,
icons and scripts and Sphinx's search index are files of the site. ``coursetools/site.py`` runs it
(``make site``).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

project = "JAX from the array up"
author = "the course's authors"
copyright = "the course's authors; text and code MIT"
root_doc = "docs/index"

extensions = [
    "myst_nb",
    "sphinx.ext.mathjax",
]

# Only these are documents; everything else in the repository is not read.
include_patterns = [
    "docs/**.md",
    "notebooks/*.ipynb",
    "release/*/*.ipynb",
]
exclude_patterns = [
    ".venv", "build", "dist", "source", "solutions", "tests", "submitted", "autograded", "feedback",
    "downloaded", "exchange", "reports", "artifacts", "**/.ipynb_checkpoints",
]

# -- MyST and MyST-NB -----------------------------------------------------------------------------
myst_heading_anchors = 3
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
nb_execution_mode = "off"  # the committed outputs, as they are
nb_merge_streams = True
nb_ipywidgets_js = {}  # no widget scripts from a CDN (the lessons have no widgets)
suppress_warnings = [
    "myst.header",  # notebooks start at "# Lesson ..." and use deeper levels freely
    "misc.highlighting_failure",  # a traceback that Pygments cannot lex is shown plain (JAX's docs do the same)
]

# -- HTML ------------------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_title = project
html_theme_options = {
    "show_toc_level": 2,
    "home_page_in_toc": True,
    "use_download_button": True,
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
    "navbar_persistent": [],  # the sidebar has the search field; no second one in a header bar
}
html_last_updated_fmt = None
html_copy_source = True  # the download button and the "Download the notebook" link point at _sources/
html_show_sourcelink = False
html_static_path = []

# -- Math: MathJax 3 from the sphinx-mathjax-offline package, served from _static/mathjax/ ------------
# Only what tex-chtml.js loads (itself, its CHTML fonts, the TeX extensions it may autoload, the menu
# and the accessibility modules the menu can switch on, with their speech-rule maps): 7 MB instead of
# the package's 24 MB of alternative bundles.
mathjax_path = "mathjax/tex-chtml.js"
MATHJAX_PARTS = ("tex-chtml.js", "output/chtml", "input/tex/extensions", "ui", "a11y", "sre")


def _mathjax_folder() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("sphinx-mathjax-offline")  # the package's folder has a dash in its name
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the course website needs the package sphinx-mathjax-offline (requirements.txt)")
    return Path(next(iter(spec.submodule_search_locations))) / "static" / "mathjax"


def _copy_mathjax(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    import shutil

    src, dest = _mathjax_folder(), Path(app.outdir) / "_static" / "mathjax"
    for part in MATHJAX_PARTS:
        if (src / part).is_dir():
            shutil.copytree(src / part, dest / part, dirs_exist_ok=True)
        else:
            (dest / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src / part, dest / part)


# The kinds of pages a link at the top names its notebook for.
_NOTEBOOK_PAGES = re.compile(r"^(notebooks|release)/")


def _download_link(app, pagename, templatename, context, doctree):
    """A visible "Download the notebook" link under the title of every lesson and assignment."""
    if not _NOTEBOOK_PAGES.match(pagename) or "body" not in context:
        return
    source = context.get("sourcename", "")
    if not source.endswith(".ipynb"):
        return
    href = f"{context['pathto']('_sources', 1)}/{source}"
    name = Path(source).name
    where = ("to work on it in JupyterLab; on a JupyterHub, fetch it in the Assignments panel instead and "
             "work in that copy" if pagename.startswith("release/") else "to run it in JupyterLab")
    link = (f'<p class="course-download"><a class="reference download" href="{html.escape(href)}" '
            f'download="{html.escape(name)}">Download the notebook</a> (<code>{html.escape(name)}</code>) '
            f'{where}.</p>')
    body = context["body"]
    end = body.find("</h1>")
    context["body"] = body[: end + 5] + link + body[end + 5:] if end >= 0 else link + body


def setup(app):
    _mathjax_folder()  # fail at once, not after the build, when the package is missing
    app.connect("html-page-context", _download_link)
    app.connect("build-finished", _copy_mathjax)
