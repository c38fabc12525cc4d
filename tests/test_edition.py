"""The student edition (``make edition``): everything a student needs and no answer of any assignment.

It is built into a scratch folder. No solution region's code and no hidden test's body from
``source/`` occurs anywhere in it, folder or archive; the archive holds the same files; and its own
``make check`` runs a lesson and an assignment's visible tests, whose filled-in answers then pass.

How the edition's environment is set up here: ``make check`` would build ``.venv/`` with
``pip install -r requirements.txt``, which needs PyPI. Instead the test makes a fresh virtualenv
(``--without-pip``, under a second) whose one ``.pth`` line points at the course virtualenv's
``site-packages`` (the same pins: checked against the edition's requirements.txt below) and whose
other ``.pth`` line points at the edition folder, which is what ``-e .`` gives. A ``.pth``-listed
folder does not get its own ``.pth`` files read, so the course's editable install (``jaxcourse`` and
``coursetools`` of this repository) is not visible there: the kernel can only import the edition's
``jaxcourse``, and ``coursetools`` not at all (both checked). A real ``pip install -e`` of the
edition's pyproject is not done: the course venv's setuptools cannot build a wheel offline.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from conftest import ASSIGNMENTS, ROOT, grade_id, read_nb, source, write_nb

from coursetools import edition

GENERATED = {"requirements.txt", "pyproject.toml", "nbgrader_config.py", "Makefile", "find-python.sh", "check.py",
             "README.md"}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    dest, tarball = edition.build(tmp_path_factory.mktemp("dist") / edition.NAME)
    return dest, tarball


# -- what must never be in it -------------------------------------------------------------------

def regions(text: str, begin: str, end: str) -> list[str]:
    """Every ``begin``..``end`` region's lines (markers excluded), whitespace normalised."""
    out, lines = [], None
    for line in text.splitlines():
        if line.strip() == begin:
            lines = []
        elif line.strip() == end and lines is not None:
            body = normalise("\n".join(lines))
            if body:
                out.append(body)
            lines = None
        elif lines is not None:
            lines.append(line)
    return out


def normalise(text: str) -> str:
    return " ".join(text.split())


def secrets(aid: str = "*") -> dict[str, list[str]]:
    """``{"solution": [...], "hidden test": [...]}`` from the notebooks of source/<aid>/ (all by default)."""
    found: dict[str, list[str]] = {"solution": [], "hidden test": []}
    for path in sorted((ROOT / "source").glob(f"{aid}/*.ipynb")):
        for cell in read_nb(path)["cells"]:
            text = source(cell)
            found["solution"] += regions(text, "### BEGIN SOLUTION", "### END SOLUTION")
            found["hidden test"] += regions(text, "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
    return found


def strings(obj) -> list[str]:
    """Every string in parsed JSON; a list of strings (a notebook's source lines) joined into one."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, list):
        if obj and all(isinstance(x, str) for x in obj):
            return ["".join(obj)]
        return [s for x in obj for s in strings(x)]
    if isinstance(obj, dict):
        return [s for x in obj.values() for s in strings(x)]
    return []


def searchable(name: str, data: bytes) -> str | None:
    """A file's text with whitespace normalised (a notebook's cells and outputs decoded); None for binaries."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    parts = [text]
    if name.endswith((".ipynb", ".json")):
        parts += strings(json.loads(text))
    return normalise("\n".join(parts))


def folder_texts(folder: Path) -> dict[str, str]:
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and (text := searchable(path.name, path.read_bytes())) is not None:
            out[str(path.relative_to(folder))] = text
    return out


def archive_texts(tarball: Path) -> dict[str, str]:
    out = {}
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            if member.isfile() and (text := searchable(member.name, tar.extractfile(member).read())) is not None:
                out[f"{tarball.name}:{member.name}"] = text
    return out


def leaks(texts: dict[str, str], aid: str = "*") -> list[tuple[str, str, str]]:
    """(kind, region, file) for every solution or hidden test of ``aid`` found in ``texts``."""
    return [(kind, body, name) for kind, bodies in secrets(aid).items() for body in bodies
            for name, text in texts.items() if body in text]


def test_the_search_finds_what_it_looks_for():
    """The search works: every solution and hidden test of source/ is found in the instructor's solutions/."""
    found = secrets()
    assert len(found["solution"]) >= 4 * len(ASSIGNMENTS) and len(found["hidden test"]) >= 4 * len(ASSIGNMENTS)
    texts = "\n".join(folder_texts(ROOT / "solutions").values())
    missing = [body[:70] for bodies in found.values() for body in bodies if body not in texts]
    assert not missing, f"the search does not find these regions in solutions/: {missing}"


@pytest.mark.parametrize("aid", ASSIGNMENTS)
def test_no_solution_or_hidden_test_in_the_edition(built, aid):
    dest, tarball = built
    texts = folder_texts(dest)
    assert any(name.endswith(".ipynb") for name in texts) and "jaxcourse/checking.py" in texts
    assert secrets(aid)["solution"] and secrets(aid)["hidden test"]
    in_archive = archive_texts(tarball)
    assert len(in_archive) == len(texts)
    found = leaks(texts, aid) + leaks(in_archive, aid)
    assert not found, "\n".join(map(str, found))


def test_edition_copies_whole_student_folders_and_nothing_of_the_instructor(built):
    dest, _ = built
    assert {p.name for p in dest.iterdir()} == set(edition.FOLDERS) | GENERATED | {edition.SITE}
    for name in edition.FORBIDDEN:
        assert not list(dest.rglob(name)), f"{name} is in the student edition"
    for path in dest.rglob("*"):
        assert path.name not in ("__pycache__", ".ipynb_checkpoints") and path.suffix != ".pyc", path
    # Whole folders: every course file in them is there, byte for byte (clutter aside).
    for folder in edition.FOLDERS:
        theirs = {p.relative_to(ROOT): p.read_bytes() for p in (ROOT / folder).rglob("*") if p.is_file()
                  and not {"__pycache__", ".ipynb_checkpoints"} & set(p.parts) and p.suffix != ".pyc"}
        ours = {p.relative_to(dest): p.read_bytes() for p in (dest / folder).rglob("*") if p.is_file()}
        assert ours == theirs, f"{folder}/ differs from the course's: {sorted(set(ours) ^ set(theirs))}"
    assert (dest / "jaxcourse" / "assets" / "PROVENANCE").exists()


#: Words of the instructor's and maintainers' side of the course, which no page of a student site holds.
NOT_FOR_STUDENTS = ("make test", "source/", "solutions/", "instructor/", "maintainer/", "Instructor guide",
                    "instructor guide", "Maintainer guide", "grading sandbox", "does not protect against",
                    "gradebook.db", "coursetools")


def test_the_editions_site_is_for_students(built):
    """Its home page is the edition's README; it holds the lessons, the assignments' student versions and
    the student guide, and nothing for instructors or maintainers (the course's own site keeps every
    guide: tests/test_site.py)."""
    site = built[0] / edition.SITE
    pages = {str(p.relative_to(site).with_suffix("")) for p in site.rglob("*.html") if "_static" not in p.parts}
    lessons = {f"notebooks/{p.stem}" for p in (ROOT / "notebooks").glob("*.ipynb")}
    assignments = {f"release/{p.parent.name}/{p.stem}" for p in (ROOT / "release").glob("*/*.ipynb")}
    assert lessons | assignments | {"docs/index", "docs/student"} <= pages, sorted(pages)
    assert not [p for p in pages if p.startswith(("docs/instructor", "docs/maintainer"))], sorted(pages)
    assert pages - lessons - assignments <= {"docs/index", "docs/student", "index", "genindex", "search"}, pages
    texts = folder_texts(site)  # every file: pages, the search index, the notebooks offered for download
    texts.update({f"{name} (as read)": normalise(re.sub(r"<[^>]+>", " ", text)) for name, text in texts.items()
                  if name.endswith(".html")})
    found = sorted((word, name) for word in NOT_FOR_STUDENTS for name, text in texts.items() if word in text)
    assert not found, f"instructor or maintainer text in the student site: {found[:10]}"
    home = texts["docs/index.html (as read)"]
    readme = normalise((built[0] / "README.md").read_text().splitlines()[0].lstrip("# "))
    assert readme in home and "make lab" in home and "make check" in home, "the home page is not the edition's README"


def test_archive_has_the_same_files_as_the_folder(built):
    dest, tarball = built
    folder = {str(Path(dest.name) / p.relative_to(dest)): hashlib.sha256(p.read_bytes()).hexdigest()
              for p in dest.rglob("*") if p.is_file()}
    with tarfile.open(tarball) as tar:
        members = tar.getmembers()
        archive = {m.name: hashlib.sha256(tar.extractfile(m).read()).hexdigest() for m in members if m.isfile()}
    assert archive == folder
    assert all(m.uid == 0 and m.uname == "" and m.mtime == 0 for m in members), "the archive must be reproducible"


def test_a_rebuild_gives_the_same_archive(built, tmp_path):
    _, tarball = built
    _, again = edition.build(tmp_path / edition.NAME)
    assert again.read_bytes() == tarball.read_bytes()


def test_requirements_are_the_course_pins_minus_instructor_only(built):
    dest, _ = built
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)$", (ROOT / "requirements.txt").read_text(), re.M))
    text = (dest / "requirements.txt").read_text()
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    ours = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)$", text, re.M))
    assert lines == [f"{k}=={v}" for k, v in ours.items()] + ["-e ."], lines
    assert ours == {k: v for k, v in pins.items() if k.lower() not in edition.INSTRUCTOR_ONLY}
    assert {"jax", "jaxlib", "jupyterlab", "nbgrader", "ipykernel"} <= set(ours)
    # The environment the run below borrows holds exactly these versions.
    for name, version in ours.items():
        assert metadata.version(name) == version, f"the course venv has {name} {metadata.version(name)}"
    project = tomllib.loads((dest / "pyproject.toml").read_text())
    assert project["project"]["name"] == "jaxcourse"
    assert project["tool"]["setuptools"]["packages"]["find"]["include"] == ["jaxcourse*"]


def test_student_nbgrader_config_has_the_course_id_and_no_grading_pipeline(built):
    from traitlets.config.loader import PyFileConfigLoader

    dest, _ = built
    text = (dest / "nbgrader_config.py").read_text()
    assert "coursetools" not in text and "Autograde" not in text and "solution" not in text.lower()
    theirs = PyFileConfigLoader("nbgrader_config.py", path=str(ROOT)).load_config()
    ours = PyFileConfigLoader("nbgrader_config.py", path=str(dest)).load_config()
    assert ours.CourseDirectory.course_id == theirs.CourseDirectory.course_id


@pytest.mark.parametrize("where", ["edition", "course"])
def test_the_install_filters_setuptools_editable_box_and_nothing_else(built, where):
    """``make venv``'s ``pip install -r requirements.txt`` (which holds ``-e .``): setuptools' informational
    "Editable installation" box is filtered out by its message, any other warning still shows, and a
    PYTHONWARNINGS of the user's is kept. The exact command line ``make`` runs, on setuptools' own class."""
    folder = built[0] if where == "edition" else ROOT
    venv = ".venv-never-made"  # make -n: nothing is run
    dry = subprocess.run(["make", "-n", "-B", f"{venv}/.installed", f"VENV={venv}", "PYTHON=python3"], cwd=folder,
                         capture_output=True, text=True, env={**os.environ, "MAKEFLAGS": ""})
    text = dry.stdout.replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if "-r requirements.txt" in line]
    prefix = re.split(r"\s+\S+/bin/python -m pip install", line)[0]
    assert prefix.startswith("PYTHONWARNINGS="), line
    emit = ("import warnings; from setuptools.warnings import InformationOnly; "
            "InformationOnly.emit('Editable installation.', 'Please be careful with folders'); "
            "warnings.warn('another warning'); warnings.warn('a third', DeprecationWarning)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}
    run = subprocess.run(["bash", "-c", f"{prefix} {sys.executable} -c \"{emit}\""], capture_output=True, text=True,
                         env={**env, "PYTHONWARNINGS": "default::DeprecationWarning"})
    assert run.returncode == 0, run.stderr
    assert "Editable installation" not in run.stderr and "another warning" in run.stderr, run.stderr
    assert "a third" in run.stderr, "the user's own PYTHONWARNINGS is kept"


def test_hub_edition_has_the_lessons_and_no_second_copy_of_the_assignments(tmp_path):
    """On a hub students fetch each assignment (the Assignments panel): the hub edition has no release/ to
    work in by mistake, and its README sends them to the fetched copy."""
    dest, tarball = edition.build(tmp_path / edition.HUB_NAME, archive=False, site=False, hub=True)
    assert tarball is None
    assert {p.name for p in dest.iterdir()} == set(edition.HUB_FOLDERS) | GENERATED
    assert not (dest / "release").exists() and sorted(p.name for p in (dest / "notebooks").glob("*.ipynb"))
    readme = (dest / "README.md").read_text()
    for words in ("Assignments panel", "**Fetch**", "**Submit**", "only copy of each one to work in",
                  "Fetch Feedback"):
        assert words in readme, words
    assert "release/" not in readme, "the hub README must not point at a release/ folder"
    compile((dest / "check.py").read_text(), "check.py", "exec")
    assert "Your assignments come through the Assignments panel" in (dest / "check.py").read_text()
    (dest / "release").mkdir()
    with pytest.raises(SystemExit, match="must not contain release"):
        edition._check_layout(dest, edition.HUB_FOLDERS)


# -- it runs on its own --------------------------------------------------------------------------

def edition_env(venv: Path, home: Path) -> dict[str, str]:
    """No trace of the course: its virtualenv off PATH, no PYTHONPATH, a fresh HOME."""
    course_bin = str(Path(sys.executable).parent)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "JUPYTER", "VIRTUAL_ENV", "JAX_NUM_CPU", "XLA_FLAGS"))}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != course_bin)
    env.update(HOME=str(home), JAX_PLATFORMS="cpu")
    return env


def prepared_venv(folder: Path, dest: Path) -> Path:
    """A fresh virtualenv with the course's pins (one .pth line) and the edition's jaxcourse (another)."""
    import sysconfig

    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    ask = "import sysconfig; print(sysconfig.get_path('purelib'))"
    site = Path(subprocess.run([str(venv / "bin" / "python"), "-c", ask], check=True, capture_output=True,
                               text=True).stdout.strip())
    (site / "course-pins.pth").write_text(sysconfig.get_path("purelib") + "\n")
    (site / "jaxcourse-edition.pth").write_text(f"{dest}\n")  # what `pip install -e .` of the edition gives
    # ipykernel's install leaves an empty tmp*_kernels folder in $TMPDIR: keep it in the test's folder.
    subprocess.run([str(venv / "bin" / "python"), "-m", "ipykernel", "install", "--sys-prefix", "--name", "jax-course",
                    "--display-name", "Python 3 (JAX course)"], check=True, capture_output=True,
                   env={**os.environ, "TMPDIR": str(folder)})
    (venv / ".installed").touch()
    return venv


@pytest.mark.slow
def test_edition_runs_a_lesson_and_an_assignments_tests_on_its_own(built, tmp_path):
    dest, _ = built
    venv = prepared_venv(tmp_path, dest)
    python = str(venv / "bin" / "python")
    env = edition_env(venv, tmp_path / "home")
    (tmp_path / "home").mkdir()
    probe = subprocess.run([python, "-c", "import jaxcourse, importlib.util as u; print(jaxcourse.__file__); "
                            "print(u.find_spec('coursetools'))"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert probe.stdout.splitlines() == [str(dest / "jaxcourse" / "__init__.py"), "None"], probe.stdout + probe.stderr

    # The edition's own check: lesson 01 in the course kernel, then assignment 01's visible tests
    # with the Validate button's code and the student config (every one must fail on the blank notebook).
    proc = subprocess.run(["make", "-s", "-o", f"{venv}/.installed", "check", f"VENV={venv}"], cwd=dest, env=env,
                          capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert f"jaxcourse from {dest / 'jaxcourse'}" in out and f"kernel jax-course runs {venv}/bin/python" in out, out
    assert "notebooks/01_jax_array.ipynb ran without errors" in out, out
    assert re.search(r"its \d+ visible tests fail on the blank answers", out), out
    assert "without encryption" not in out, "the check's kernels talk over local sockets (ipc), not TCP"

    # The same visible tests pass once the answers are filled in (taken from source/'s solution regions).
    aid = edition.CHECK_LESSON.split("/")[-1].removesuffix(".ipynb")
    (instructor,) = (ROOT / "source" / aid).glob("*.ipynb")
    answers = {grade_id(c): "\n".join(line for line in source(c).splitlines()
                                      if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))
               for c in read_nb(instructor)["cells"] if (grade_id(c) or "").endswith("_answer")}
    student = dest / "release" / aid / instructor.name
    nb = read_nb(student)
    stubs = [c for c in nb["cells"] if grade_id(c) in answers]
    assert stubs and all("raise NotImplementedError()" in source(c) for c in stubs)
    for cell in stubs:
        cell["source"] = answers[grade_id(cell)]
    filled = tmp_path / "work" / student.name
    write_nb(nb, filled)
    proc = subprocess.run([python, "-m", "nbgrader", "validate", str(filled)], cwd=dest, env=env,
                          capture_output=True, text=True, timeout=600)
    assert "Success! Your notebook passes all the tests." in proc.stdout, proc.stdout + proc.stderr[-3000:]


@pytest.mark.slow
def test_edition_make_lab_serves_the_course(built, tmp_path):
    """The edition's other command: ``make lab`` serves its lessons and assignments in JupyterLab."""
    import signal
    import time
    import urllib.request
    from urllib.error import URLError

    from browser_helpers import free_port

    dest, _ = built
    venv = prepared_venv(tmp_path, dest)
    (tmp_path / "home").mkdir()
    port, token = free_port(), "edition-test-token"
    args = (f"--no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} --ServerApp.port_retries=0 "
            f"--IdentityProvider.token={token}")
    proc = subprocess.Popen(["make", "-s", "-o", f"{venv}/.installed", "lab", f"VENV={venv}", f"LAB_ARGS={args}"],
                            cwd=dest, env=edition_env(venv, tmp_path / "home"), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline, listings = time.monotonic() + 90, {}
        while time.monotonic() < deadline and proc.poll() is None and not listings:
            try:
                for folder in ("notebooks", "release/01_jax_array"):
                    with urllib.request.urlopen(f"{base}/api/contents/{folder}?token={token}", timeout=5) as reply:
                        listings[folder] = [item["name"] for item in json.loads(reply.read())["content"]]
            except (URLError, ConnectionError):
                listings = {}
                time.sleep(0.5)
        assert listings, f"JupyterLab did not answer on port {port}:\n{proc.stdout.read() if proc.poll() else ''}"
        assert sorted(listings["notebooks"]) == sorted(p.name for p in (dest / "notebooks").glob("*.ipynb"))
        assert listings["release/01_jax_array"] == ["01_jax_array_exercises.ipynb"]
        with urllib.request.urlopen(f"{base}/api/kernelspecs?token={token}", timeout=10) as reply:
            spec = json.loads(reply.read())["kernelspecs"]["jax-course"]["spec"]
        assert spec["argv"][0] == str(venv / "bin" / "python"), "the course kernel must be the edition's"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
