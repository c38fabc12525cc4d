"""Parallel grading on one gradebook, SQLite (default) and PostgreSQL: no grade lost or doubled.

Uses a tiny synthetic assignment so the test measures the grading machinery, not JAX.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import nbformat
import pytest
from conftest import ROOT, SANDBOX, course_env

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("grading")]

AID = "90_tiny"
STUDENTS = [f"s{i:02d}" for i in range(6)]


def cell(kind, src, **nbgrader):
    meta = {"nbgrader": {"schema_version": 3, "grade": False, "solution": False, "locked": False, **nbgrader}}
    make = nbformat.v4.new_code_cell if kind == "code" else nbformat.v4.new_markdown_cell
    return make(src, metadata=meta)


def tiny_course(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "nbgrader_config.py", path)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "jax-course", "display_name": "Python 3 (JAX course)", "language": "python"}
    nb.cells = [
        cell("code", "from jaxcourse.checking import run_test", grade_id="setup", locked=True),
        cell("markdown", "## Exercise 1: add (2 points)"),
        cell("code", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION",
             grade_id="add_answer", solution=True),
        cell("code", '"""add works on ints."""\n\n\ndef probe():\n    return add(1, 2)\n\n\ndef check(v):\n'
                     '    assert v == 3, "add(1, 2) should be 3."\n\n\nrun_test(probe, check)',
             grade_id="add", grade=True, locked=True, points=2),
        cell("code", '"""Hidden checks."""\n### BEGIN HIDDEN TESTS\ndef probe():\n    return add(-1, 1)\n\n\n'
                     'def check(v):\n    assert v == 0, "add(-1, 1) should be 0."\n\n\nrun_test(probe, check)'
                     "\n### END HIDDEN TESTS", grade_id="add_hidden", grade=True, locked=True, points=1),
    ]
    (path / "source" / AID).mkdir(parents=True)
    nbformat.write(nb, path / "source" / AID / f"{AID}.ipynb")
    answers = {"right": "def add(a, b):\n    return a + b", "wrong": "def add(a, b):\n    return a - b"}
    for i, student in enumerate(STUDENTS):
        sub = nbformat.read(path / "source" / AID / f"{AID}.ipynb", as_version=4)
        sub.cells[2].source = answers["right" if i % 2 == 0 else "wrong"]
        (path / "submitted" / student / AID).mkdir(parents=True)
        nbformat.write(sub, path / "submitted" / student / AID / f"{AID}.ipynb")
    return path


def grade_rows(url: str) -> list[tuple[str, str, float]]:
    from nbgrader.api import Gradebook

    with Gradebook(url) as gb:
        return sorted((s.student.id, g.name, g.score) for a in gb.assignments for s in a.submissions
                      for nb in s.notebooks for g in nb.grades)


def check_parallel_run(course: Path, url: str) -> None:
    from coursetools.grade import grade

    results = grade(AID, course, workers=2, timeout=300, feedback=False, sandboxed=SANDBOX)
    assert [r.status for r in results] == ["graded"] * len(STUDENTS)
    rows = grade_rows(url)
    # Exactly one row per submission and graded cell: none lost, none doubled.
    assert len(rows) == len(STUDENTS) * 2 == len({(s, g) for s, g, _ in rows}), rows
    scores = {r.student: r.score for r in results}
    assert scores == {s: (3.0 if i % 2 == 0 else 0.0) for i, s in enumerate(STUDENTS)}
    # Grading again (e.g. after a regrade request) replaces rows instead of adding them.
    grade(AID, course, workers=2, timeout=300, feedback=False, students=STUDENTS[:2], sandboxed=SANDBOX)
    assert grade_rows(url) == rows


def test_parallel_grading_sqlite(tmp_path):
    course = tiny_course(tmp_path / "course")
    check_parallel_run(course, f"sqlite:///{course / 'gradebook.db'}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def postgres(tmp_path):
    """A throw-away PostgreSQL server on loopback, started and stopped by the test itself."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not bins:
        pytest.skip("PostgreSQL is not installed (run scripts/system-deps.sh as root)")
    pytest.importorskip("psycopg2", reason="psycopg2 is not installed")
    bindir = bins[-1].parent
    # pytest's tmp_path is private to its user; the server may run as another one.
    tmp_path = Path(tempfile.mkdtemp(prefix="jaxcourse-pg-"))
    data, port = tmp_path / "pgdata", free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use its own system user
        as_user = ["runuser", "-u", "postgres", "--"]
        tmp_path.chmod(0o777)
    env = course_env()
    subprocess.run([*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "grader", "--auth=trust", "-E", "UTF8"],
                   check=True, capture_output=True, env=env)
    subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(tmp_path / "pg.log"), "-w", "start",
                    "-o", f"-p {port} -k {tmp_path} -c listen_addresses=127.0.0.1"], check=True,
                   capture_output=True, env=env)
    try:
        subprocess.run([str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "grader", "gradebook"],
                       check=True, capture_output=True, env=env)
        yield f"postgresql+psycopg2://grader@127.0.0.1:{port}/gradebook"
    finally:
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                       capture_output=True, env=env)
        shutil.rmtree(tmp_path, ignore_errors=True)


def test_parallel_grading_postgresql(tmp_path, postgres, monkeypatch):
    course = tiny_course(tmp_path / "course")
    monkeypatch.setenv("NBGRADER_DB_URL", postgres)
    check_parallel_run(course, postgres)
    assert not (course / "gradebook.db").exists(), "grading wrote a SQLite gradebook instead of PostgreSQL"


def test_lms_download_unknown_assignment_and_missing_cells(tmp_path):
    """Files downloaded from an LMS are collected; what cannot be graded is reported; the rest is graded."""
    import zipfile

    from coursetools.grade import grade

    course = tiny_course(tmp_path / "course")
    shutil.rmtree(course / "submitted")
    source_nb = course / "source" / AID / f"{AID}.ipynb"
    right = nbformat.read(source_nb, as_version=4)
    right.cells[2].source = "def add(a, b):\n    return a + b"
    renamed = nbformat.read(source_nb, as_version=4)
    renamed.cells[2].source = "def add(a, b):\n    return a + b"
    renamed.cells[2].metadata["nbgrader"]["grade_id"] = "my_answer"  # the answer cell lost its id
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    nbformat.write(right, downloads / f"alice_12345_67890_{AID}.ipynb")  # Canvas style
    with zipfile.ZipFile(downloads / "batch.zip", "w") as zf:  # an archive with two more
        zf.writestr(f"bob_LATE_222_333_{AID}-1.ipynb", nbformat.writes(right))
        zf.writestr(f"carol_444_{AID}.ipynb", nbformat.writes(renamed))
    (downloads / "notes_from_the_lms.ipynb").write_text("{}")  # names no student and notebook
    (course / "submitted" / "dave" / "99_unknown").mkdir(parents=True)  # an assignment this course lacks
    (course / "submitted" / "dave" / "99_unknown" / "x.ipynb").write_text("{}")

    results = {r.student: r for r in grade(AID, course, workers=2, timeout=300, feedback=False,
                                           sandboxed=SANDBOX, lms=downloads)}
    assert (results["alice"].status, results["alice"].score) == ("graded", 3.0), results["alice"]
    assert (results["bob"].status, results["bob"].score) == ("graded", 3.0), results["bob"]
    carol = results["carol"]
    assert carol.status == "check" and carol.score == 0 and "add_answer is missing or was renamed" in carol.reason
    unknown = results["dave"]
    assert unknown.status == "failed" and "99_unknown is not an assignment" in unknown.reason
    unmatched = results["notes_from_the_lms.ipynb"]
    assert unmatched.status == "failed" and "matches no student" in unmatched.reason
    report = (course / "reports" / f"{AID}.csv").read_text()
    assert all(f"\n{s}," in report for s in ("alice", "bob", "carol", "dave", "notes_from_the_lms.ipynb")), report


FLAKY_KERNEL = '''import os, sys
folder = os.environ["FLAKY_DIR"]
for n in range(int(os.environ["FLAKY_FAILS"])):  # the first FLAKY_FAILS starts (in all workers) fail
    try:
        os.close(os.open(os.path.join(folder, f"failed-{n}"), os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        continue
    sys.exit("this kernel failed to start (as a port clash would)")
os.execv(sys.executable, [sys.executable, "-m", "ipykernel_launcher", "-f", sys.argv[1]])
'''


def test_a_kernel_that_fails_to_start_is_retried(tmp_path, monkeypatch):
    """Kernels that fail to start are retried: every grade arrives, none lost or doubled."""
    import json
    import sys

    from coursetools.grade import grade

    course = tiny_course(tmp_path / "course")
    flaky = tmp_path / "flaky"
    spec = tmp_path / "jupyter" / "kernels" / "flaky"
    spec.mkdir(parents=True)
    flaky.mkdir()
    (flaky / "kernel.py").write_text(FLAKY_KERNEL)
    fails = 3
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, str(flaky / "kernel.py"), "{connection_file}"], "display_name": "flaky",
        "language": "python", "env": {"FLAKY_DIR": str(flaky), "FLAKY_FAILS": str(fails)}}))
    with open(course / "nbgrader_config.py", "a") as fh:
        fh.write('\nc.Execute.kernel_name = "flaky"\n')
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    # The retry is the grader's, not the sandbox's: grade without it so that this kernelspec is used.
    results = grade(AID, course, workers=2, timeout=300, feedback=False, sandboxed=False)
    assert len(list(flaky.glob("failed-*"))) == fails, "the flaky kernel never failed: nothing was tested"
    assert [(r.status, r.score) for r in results] == [("graded", 3.0 if i % 2 == 0 else 0.0)
                                                      for i in range(len(STUDENTS))], results
    rows = grade_rows(f"sqlite:///{course / 'gradebook.db'}")
    assert len(rows) == len(STUDENTS) * 2 == len({(s, g) for s, g, _ in rows}), rows
