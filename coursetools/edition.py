"""Write the student edition: everything a student needs, nothing they must not have.

Usage, from the course root::

    python -m coursetools.edition                  # or: make edition
    python -m coursetools.edition --dest /tmp/x    # another folder (its .tar.gz goes next to it)
    python -m coursetools.edition --hub            # for a JupyterHub: lessons only, no release/

It writes ``dist/jax-course-student/`` and ``dist/jax-course-student.tar.gz`` (one top-level folder,
same files, reproducible: sorted, no owners, fixed times). The edition is made by copying whole
folders of the course, never by picking files:

- ``notebooks/``  the executed lessons;
- ``release/``    the student versions of the assignments (nbgrader ``generate_assignment``);
- ``jaxcourse/``  the helper package the notebooks import, with its images; it is the student half
  by design (``coursetools/``, the instructor half, is never copied).

On a JupyterHub students fetch and submit each assignment through nbgrader's exchange (the
Assignments panel); a ``release/`` folder next to the fetched copy would be a second copy to work in
by mistake (and hand in blank). ``--hub`` therefore writes ``dist/jax-course-hub/`` without
``release/``: one copy of each assignment, the fetched one, and a README that says where it is.

The only filter is generated clutter (``__pycache__``, ``.ipynb_checkpoints``). If a folder ever
needed more filtering than that, the course layout would be wrong. Next to the copies it writes a
``requirements.txt`` (the course's exact pins minus the instructor-only packages, and ``-e .`` for
the edition's own ``jaxcourse``), a ``pyproject.toml`` for ``jaxcourse`` alone, a student
``nbgrader_config.py`` (course id and timeouts; no grading pipeline, so the Validate button uses
nbgrader's own), a ``Makefile`` with ``make lab`` and ``make check``, ``check.py`` (what ``make
check`` runs) and a short ``README.md``.

``source/``, ``solutions/``, ``tests/`` (stored answers), hidden tests and ``coursetools/`` are
never part of it; :func:`build` refuses to finish if any of them, or an import of ``coursetools``
from ``jaxcourse``, shows up. ``tests/test_edition.py`` proves that no solution region's code and no
hidden test's body occurs anywhere in the folder or the archive.
"""

from __future__ import annotations

import argparse
import gzip
import io
import re
import shutil
import sys
import tarfile
import tomllib
from pathlib import Path

from traitlets.config.loader import PyFileConfigLoader

from coursetools import site as course_site

ROOT = Path(__file__).resolve().parent.parent
NAME = "jax-course-student"
#: Whole folders of the course that students get.
FOLDERS = ("notebooks", "release", "jaxcourse")
#: The edition for a JupyterHub (``--hub``): students there fetch and submit each assignment through
#: nbgrader's exchange (the Assignments panel), so it holds no second copy of the assignments to
#: work in by mistake: no ``release/``.
HUB_NAME = "jax-course-hub"
HUB_FOLDERS = ("notebooks", "jaxcourse")
#: Never in a student edition.
FORBIDDEN = ("source", "solutions", "tests", "coursetools", "submitted", "autograded", "feedback", "gradebook.db")
#: Generated clutter, never course content.
CLUTTER = ("__pycache__", "*.pyc", ".ipynb_checkpoints")
#: Pins only the instructor and the maintainers need: tests, lint, browser tests, the PostgreSQL gradebook,
#: grading on a Dask cluster, and the hub (on a JupyterHub, its image provides jupyterhub; a student's own
#: machine needs none).
INSTRUCTOR_ONLY = {"nbval", "pytest", "pytest-xdist", "ruff", "playwright", "greenlet", "psycopg2-binary",
                   "jupyterhub", "dask",
                   # the text twins of the lessons and sources (text/, not in an edition)
                   "jupytext",
                   # the website's build tools: students get the site built (SITE)
                   "sphinx", "myst-nb", "sphinx-book-theme", "sphinx-mathjax-offline"}
#: The edition's website (coursetools/site.py's student site: this edition's README as its home page, the
#: lessons, the assignments' student versions and the student guide, as HTML that needs no network; no
#: instructor or maintainer page), copied from build/site-<edition>/ (built first when out of date).
SITE = "site"
#: The lesson and assignment ``make check`` runs (the quickest).
CHECK_LESSON = "notebooks/01_jax_array.ipynb"


def student_requirements(text: str) -> str:
    """The course's requirements minus instructor-only pins; ``-e .`` installs the edition's jaxcourse.

    A comment block stays with the pin that follows it and goes when that pin goes.
    """
    out: list[str] = ["# Exact pins for the JAX course, student edition: `make lab` installs them into .venv/."]
    pending: list[str] = []
    for line in text.splitlines()[1:] if text.startswith("#") else text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            pending.append(line)
            continue
        name = re.split(r"[=<>!~\[ ;]", stripped, maxsplit=1)[0].lower()
        if name in INSTRUCTOR_ONLY:
            pending = []
            continue
        if stripped.startswith("-e"):
            out += ["# The course helper package (jaxcourse/, in this folder)", "-e ."]
        else:
            out += pending + [line]
        pending = []
    return "\n".join(out) + "\n"


def _pyproject(root: Path) -> str:
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    return f'''[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "jaxcourse"
version = "{project["version"]}"
description = "Helpers the JAX course notebooks import (student edition)"
requires-python = "{project.get("requires-python", ">=3.12")}"

[tool.setuptools.packages.find]
include = ["jaxcourse*"]

[tool.setuptools.package-data]
jaxcourse = ["assets/*", "assets/**/*"]
'''


def _course_settings(root: Path) -> tuple[str, int]:
    """The course id and the cell timeout from the instructor's nbgrader_config.py."""
    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    course_id = config.CourseDirectory.course_id
    timeout = config.Execute.timeout if "timeout" in config.Execute else 120
    if not isinstance(course_id, str) or not course_id:
        raise SystemExit("nbgrader_config.py sets no CourseDirectory.course_id")
    return course_id, int(timeout)


def _nbgrader_config(course_id: str, timeout: int) -> str:
    return f'''"""nbgrader settings for students of the JAX course. JupyterLab reads this from its root folder.

The Validate button and `nbgrader validate` run a notebook top to bottom with nbgrader's own
steps. Grading happens on your instructor's side, with hidden tests you do not have.
"""

c = get_config()  # noqa: F821 (provided by traitlets when nbgrader loads this file)

c.CourseDirectory.course_id = "{course_id}"
# A cell that runs longer than this is stopped (the same limit as when grading).
c.Execute.timeout = {timeout}
c.ExecutePreprocessor.timeout = {timeout}
# Validate's kernels talk over local sockets (no "running over TCP without encryption" warning).
c.KernelManager.transport = "ipc"

# Validate shows a failed cell's code before its error and no setting changes that order: each
# failure's report starts with the check's one sentence instead.
from jaxcourse.checking import validate_leads_with_the_sentence  # noqa: E402

validate_leads_with_the_sentence()
'''


MAKEFILE = '''# The JAX course, student edition. Each target first sets up .venv/ from requirements.txt if needed.
SHELL := /bin/bash
# Empty: find-python.sh picks a Python 3.12 or newer (JAX 0.11 dropped 3.11), or says what it found.
PYTHON ?=
VENV ?= .venv
BIN := $(abspath $(VENV))/bin
export PATH := $(BIN):$(PATH)
export JAX_PLATFORMS ?= cpu
# The course's kernel (jax-course) comes from .venv/, even if an older one is registered for your user.
export JUPYTER_PATH := $(abspath $(VENV))/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH))
LAB_ARGS ?=
# Jupyter refuses to run as root unless told to (containers often run as root).
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: venv lab check

$(VENV)/.installed: requirements.txt pyproject.toml
\tpy=$$(PYTHON="$(PYTHON)" bash find-python.sh) && "$$py" -m venv $(VENV)
\t$(BIN)/python -m pip install --quiet --upgrade pip
\t@# -e . (jaxcourse): setuptools' informational "Editable installation" box is not for students.
\tPYTHONWARNINGS="$${PYTHONWARNINGS:+$$PYTHONWARNINGS,}ignore:Editable installation" \\
\t\t$(BIN)/python -m pip install --quiet -r requirements.txt
\tmkdir -p $(VENV)/.tmp  # ipykernel's install leaves an empty folder in $$TMPDIR: here, not in /tmp
\tTMPDIR=$(abspath $(VENV))/.tmp $(BIN)/python -m ipykernel install --sys-prefix \\
\t\t--name jax-course --display-name "Python 3 (JAX course)"
\trm -rf $(VENV)/.tmp
\ttouch $@

venv: $(VENV)/.installed

## Open the course in JupyterLab (lessons in notebooks/, your assignments in release/).
lab: venv
\t$(BIN)/python -m jupyterlab --ServerApp.root_dir=$(CURDIR) $(AS_ROOT) $(LAB_ARGS) notebooks/01_jax_array.ipynb

## Check that everything works: JAX, the course kernel, one lesson, one assignment's tests.
check: venv
\t$(BIN)/python check.py
'''


CHECK = '''"""Check that the course works here: `make check` (or `.venv/bin/python check.py`).

It runs one lesson in the course kernel and one assignment's visible tests with nbgrader's
validator (the Validate button), on the blank notebook: there every test must fail, until you answer.
"""

import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
LESSON = HERE / "{lesson}"
KERNEL = "jax-course"


def say(text):
    print(f"check: {{text}}", flush=True)


def main():
    import jax
    import jaxcourse

    say(f"Python {{sys.version.split()[0]}}, JAX {{jax.__version__}}, "
        f"{{jax.device_count()}} {{jax.default_backend()}} device(s)")
    where = Path(jaxcourse.__file__).resolve().parent
    if where != HERE / "jaxcourse":
        sys.exit(f"check: FAILED: jaxcourse is imported from {{where}}, not from this folder")
    say(f"jaxcourse from {{where}}")

    from jupyter_client.kernelspec import KernelSpecManager

    try:
        spec = KernelSpecManager().get_kernel_spec(KERNEL)
    except Exception:
        sys.exit(f"check: FAILED: no Jupyter kernel named {{KERNEL}}; run `make venv` (it registers it)")
    say(f"kernel {{KERNEL}} runs {{spec.argv[0]}}")

    import nbformat
    from nbclient import NotebookClient
    from traitlets.config import Config

    nb = nbformat.read(LESSON, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell("import jaxcourse\\nprint(jaxcourse.__file__)"))
    started = time.perf_counter()
    where_to_run = {{"metadata": {{"path": str(LESSON.parent)}}}}
    # Local sockets, as the Validate button here (nbgrader_config.py): no "running over TCP" warning. Their
    # path is absolute (a relative one is taken from the kernel's folder by the kernel, from ours by us).
    with tempfile.TemporaryDirectory(prefix="jax-course-check-") as sockets:
        ipc = Config({{"KernelManager": {{"transport": "ipc", "ip": f"{{sockets}}/kernel"}}}})
        NotebookClient(nb, timeout=300, kernel_name=KERNEL, resources=where_to_run, config=ipc).execute()
    kernel_pkg = Path("".join(o.get("text", "") for o in nb.cells[-1].outputs).strip()).resolve().parent
    if kernel_pkg != HERE / "jaxcourse":
        sys.exit(f"check: FAILED: the kernel imports jaxcourse from {{kernel_pkg}}, not from this folder")
    say(f"lesson {{LESSON.relative_to(HERE)}} ran without errors in {{time.perf_counter() - started:.1f}} s")

    # The Validate button's own code, with this folder's nbgrader_config.py. On the blank notebook every
    # visible test must fail (hidden test cells hold only their docstring here, so nbgrader counts them as
    # passed; they are added back when your instructor grades).
    import logging

    from nbgrader.validator import Validator
    from traitlets.config.loader import PyFileConfigLoader

    if not (HERE / "release").is_dir():  # the hub edition: assignments come through the Assignments panel
        print("All good. Your assignments come through the Assignments panel (Nbgrader menu).")
        return
    (assignment,) = sorted((HERE / "release" / LESSON.stem).glob("*.ipynb"))
    # Visible test cells run their checks (run_test); a hidden one holds only its docstring here.
    visible = [c for c in json.loads(assignment.read_text())["cells"]
               if c.get("metadata", {{}}).get("nbgrader", {{}}).get("grade") and c["cell_type"] == "code"
               and "run_test(" in "".join(c["source"])]
    validator = Validator(config=PyFileConfigLoader("nbgrader_config.py", path=str(HERE)).load_config())
    validator.log.setLevel(logging.ERROR)
    results = validator.validate(str(assignment))
    failed = len(results.get("failed", []))
    if set(results) - {{"failed"}} or failed != len(visible):
        sys.exit(f"check: FAILED: nbgrader validate on the blank {{assignment.name}}: {{failed}} of "
                 f"{{len(visible)}} visible tests failed; {{sorted(results)}}")
    say(f"nbgrader validate ran {{assignment.relative_to(HERE)}}: its {{len(visible)}} visible tests fail on the "
        "blank answers, as they should until you answer")
    print("All good. `make lab` opens the course.")


if __name__ == "__main__":
    main()
'''


def _lesson_table(root: Path) -> str:
    """The lesson table of the course README (its links are the same in the edition)."""
    lines = (root / "README.md").read_text().splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("| # |")), None)
    if start is None:
        return ""
    table = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        table.append(line)
    return "\n".join(table) + "\n"


HUB_WORK = """## Working on an assignment (on the JupyterHub)

This copy holds the lessons only: **your assignments come through the Assignments panel**
(Nbgrader menu > Assignments), and that is the only copy of each one to work in.

1. When your instructor releases an assignment, press **Fetch** next to it. It appears as a folder
   named after it (for example `01_jax_array/`) in your home folder.
2. Open the notebook in that folder and work there. Replace each `raise NotImplementedError()` with
   your answer. The cell after an answer is a visible test: run it, and it says in one sentence what
   is wrong. Do not change test cells; grading uses your instructor's copies of them, plus hidden
   tests for the cases students often get wrong.
3. **Validate** (the button in the notebook toolbar) runs the whole notebook and lists the tests
   that fail.
4. Save, then press **Submit** in the Assignments panel. You may submit again; the last one counts.
5. When feedback is released, **Fetch Feedback** in the same panel puts a page next to your work.
   Open it in a browser tab (in JupyterLab, right-click > Open in New Browser Tab): its formulas are
   typeset there; JupyterLab's own viewer shows them as LaTeX until you press Trust HTML.

"""


def _readme(root: Path, course_id: str, hub: bool = False) -> str:
    text = _student_readme(root, course_id)
    if not hub:
        return text
    start, end = text.index("## Working on an assignment"), text.index("## Several devices")
    text = text[:start] + HUB_WORK + text[end:]
    text = re.sub(r"\[([^]]*)\]\(\./release/([^/)]+)/[^)]*\)", r"\1: fetch `\2` (Assignments panel)", text)
    return (text.replace(": student edition\n", ": student edition for a JupyterHub\n", 1)
            .replace("runs lesson 01 and assignment 01's tests", "runs lesson 01"))


def _student_readme(root: Path, course_id: str) -> str:
    return f"""# JAX from the array up: student edition

The course's lessons in Jupyter notebooks, each with an auto-graded assignment (nbgrader course
`{course_id}`). Everything runs on a laptop CPU; multi-device lessons use simulated CPU devices.
To read the course in a browser, without installing anything or a network, open `site/index.html`:
every lesson with its outputs, every assignment's statements, and the student guide.

{_lesson_table(root)}
## Two commands

You need Python 3.12 or newer (3.12-3.14), `make` and a connection to PyPI the first time.

```bash
make lab     # set up .venv/ (a few minutes, once) and open the course in JupyterLab
make check   # set up .venv/ and check that it all works: runs lesson 01 and assignment 01's tests
```

Both install the exact pins of `requirements.txt` into `.venv/` and register the Jupyter kernel
**Python 3 (JAX course)** (`jax-course`), which every notebook uses. Extra JupyterLab options go in
`LAB_ARGS`, e.g. `make lab LAB_ARGS="--no-browser --port 8890"`. Without `make`:
`python3.12 -m venv .venv && .venv/bin/pip install -r requirements.txt`, then
`.venv/bin/python -m ipykernel install --sys-prefix --name jax-course` and `.venv/bin/jupyter lab`.

## Working on an assignment

- Lessons are in `notebooks/`, your assignments in `release/<id>/`. Work on a copy if you want to
  keep the original, but hand in the notebook under its own name.
- Replace each `raise NotImplementedError()` with your answer. The cell after an answer is a
  visible test: run it, and it says in one sentence what is wrong. Do not change test cells; grading
  uses your instructor's copies of them, plus hidden tests for the cases students often get wrong.
- **Validate** (nbgrader's button in the notebook toolbar, or `.venv/bin/nbgrader validate
  release/<id>/<id>_exercises.ipynb`) runs the whole notebook and lists the tests that fail.
- Hand in as your instructor says: the **Assignments** panel (Nbgrader menu) on a JupyterHub, or
  upload the notebook to your learning platform.

## Several devices

`JAX_NUM_CPU_DEVICES=8 make lab` gives JAX 8 simulated CPU devices; lessons 06 and 07 ask for them themselves.
With an NVIDIA GPU on Linux: `make venv && .venv/bin/pip install "jax[cuda13]==<the jax version in
requirements.txt>"` (`jax[cuda12]` for a driver too old for CUDA 13), then `JAX_PLATFORMS=cuda make lab`
(untested by the course). The student guide in `site/` says more.

`jaxcourse/` is the small helper package the notebooks import (images, timing, the test helpers);
it is installed from this folder (`-e .` in `requirements.txt`). Course text and code: MIT;
images: see `jaxcourse/assets/PROVENANCE`.
"""


def _check_layout(dest: Path, folders: tuple[str, ...] = FOLDERS) -> None:
    """Refuse an edition that holds anything only the instructor may have (or, for a hub, a second copy
    of the assignments)."""
    for name in FORBIDDEN:
        found = [p for p in dest.rglob(name)]
        if found:
            raise SystemExit(f"the student edition must not contain {name}: {found[0]}")
    for path in (dest / "jaxcourse").rglob("*.py"):
        if re.search(r"^\s*(from|import)\s+coursetools\b", path.read_text(), re.M):
            raise SystemExit(f"{path} imports coursetools: the student half must not need the instructor's tools")
    missing = [name for name in folders if not (dest / name).is_dir()]
    if missing:
        raise SystemExit(f"the course has no {', '.join(missing)}")
    if "release" not in folders and (dest / "release").exists():
        raise SystemExit("the hub edition must not contain release/: students fetch each assignment instead")


def _archive(folder: Path, path: Path) -> None:
    """A reproducible .tar.gz of ``folder`` under its own name: sorted, no owners, fixed times."""

    def clean(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = 0
        info.mode = 0o755 if info.isdir() or info.mode & 0o100 else 0o644
        return info

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for p in [folder, *sorted(folder.rglob("*"))]:
            tar.add(p, arcname=str(Path(folder.name) / p.relative_to(folder)), recursive=False, filter=clean)
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
        gz.write(buf.getvalue())


def build(dest: Path | None = None, root: Path = ROOT, archive: bool = True,
          site: bool = True, hub: bool = False) -> tuple[Path, Path | None]:
    """Write the student edition into ``dest`` (replaced) and, with ``archive``, ``<dest>.tar.gz``;
    with ``site``, the course website in ``<dest>/site/``; with ``hub``, the edition for a JupyterHub
    (lessons without ``release/``: assignments come through the exchange)."""
    root = Path(root).resolve()
    folders = HUB_FOLDERS if hub else FOLDERS
    dest = Path(dest or root / "dist" / (HUB_NAME if hub else NAME)).resolve()
    if dest == root or root.is_relative_to(dest):
        raise SystemExit(f"refusing to write the edition over the course itself: {dest}")
    if dest.exists():
        if any(dest.iterdir()) and not (dest / "check.py").exists():
            raise SystemExit(f"{dest} exists and is not a student edition: not replacing it")
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in folders:
        shutil.copytree(root / name, dest / name, ignore=shutil.ignore_patterns(*CLUTTER))
    course_id, timeout = _course_settings(root)
    if site:  # the edition's own site: its README, the lessons, the assignments, the student guide
        out = root / course_site.STUDENT_OUT.parent / f"site-{HUB_NAME if hub else NAME}"
        built = course_site.ensure_student(_readme(root, course_id, hub), out=out, root=root)
        shutil.copytree(built, dest / SITE, ignore=shutil.ignore_patterns(course_site.STAMP))
    (dest / "requirements.txt").write_text(student_requirements((root / "requirements.txt").read_text()))
    (dest / "pyproject.toml").write_text(_pyproject(root))
    (dest / "nbgrader_config.py").write_text(_nbgrader_config(course_id, timeout))
    (dest / "Makefile").write_text(MAKEFILE)
    shutil.copy2(root / "scripts" / "find-python.sh", dest / "find-python.sh")
    (dest / "check.py").write_text(CHECK.format(lesson=CHECK_LESSON))
    (dest / "README.md").write_text(_readme(root, course_id, hub))
    _check_layout(dest, folders)
    tarball = None
    if archive:
        tarball = dest.parent / f"{dest.name}.tar.gz"
        _archive(dest, tarball)
    return dest, tarball


def size(path: Path) -> int:
    """Bytes in a file, or in all files under a folder."""
    path = Path(path)
    return path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dest", type=Path, help=f"folder to write (default: dist/{NAME}); replaced if it exists")
    parser.add_argument("--no-archive", action="store_true", help="skip the .tar.gz")
    parser.add_argument("--hub", action="store_true",
                        help=f"the edition for a JupyterHub (default folder dist/{HUB_NAME}): the lessons without "
                             "release/, since students there fetch and submit each assignment through the "
                             "Assignments panel; one copy of each assignment, so none can be handed in blank")
    args = parser.parse_args(argv)
    dest, tarball = build(args.dest, archive=not args.no_archive, hub=args.hub)
    files = sum(1 for p in dest.rglob("*") if p.is_file())
    print(f"student edition: {dest} ({files} files, {size(dest) / 1e6:.2f} MB)")
    if tarball:
        print(f"archive: {tarball} ({size(tarball) / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
