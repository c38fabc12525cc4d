"""Parallel grading on one gradebook, SQLite (default) and PostgreSQL: no grade lost or doubled.

Uses a tiny synthetic assignment so the test measures the grading machinery, not JAX.
"""

from __future__ import annotations

import json
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
    from coursetools.grading.pipeline import grade

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

    from coursetools.grading.pipeline import grade

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

    from coursetools.grading.pipeline import grade

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


# -- an instructor's term: reports stay whole, failed is failed, blanks apart (issue 24) -----------

STUB = "def add(a, b):\n    # YOUR CODE HERE\n    raise NotImplementedError()"


def read_csv(path: Path) -> dict[str, dict[str, str]]:
    import csv

    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    key = "student_id" if rows and "student_id" in rows[0] else ("student" if rows and "student" in rows[0]
                                                                     else "exercise")
    return {row[key]: row for row in rows}


def test_a_class_term_regrade_failed_and_blank(tmp_path, capsys):
    """Six students, a blank notebook and one that is not JSON; then one student is regraded.

    The class CSV, the score figure and the per-exercise report describe the whole class after the
    regrade; the broken submission is failed in the LMS export (empty score, status, reason) and gets a
    page saying why; the blank notebook is counted apart and its stub's error is no mistake."""
    from coursetools.grading.pipeline import grade

    course = tiny_course(tmp_path / "course")
    source_nb = course / "source" / AID / f"{AID}.ipynb"
    nb = nbformat.read(source_nb, as_version=4)
    nb.cells.insert(2, cell("markdown", "Return the sum $a + b$ of two numbers."))
    nbformat.write(nb, source_nb)
    blank = nbformat.read(source_nb, as_version=4)
    blank.cells[3].source = STUB
    (course / "submitted" / "blank" / AID).mkdir(parents=True)
    nbformat.write(blank, course / "submitted" / "blank" / AID / f"{AID}.ipynb")
    (course / "submitted" / "broken" / AID).mkdir(parents=True)
    (course / "submitted" / "broken" / AID / f"{AID}.ipynb").write_text("{not json")
    reports = course / "reports"

    first = {r.student: r for r in grade(AID, course, workers=2, timeout=300, sandboxed=SANDBOX)}
    out = capsys.readouterr().out
    everyone = sorted([*STUDENTS, "blank", "broken"])
    assert sorted(first) == everyone and first["broken"].status == "failed", first
    assert "graded 7 of 8 submissions; 1 needs you (1 could not be graded, 0 to look at)" in out, out
    assert json.loads(out.strip().splitlines()[-1])["need_instructor"] == 1

    # Failed means failed: an empty score and the reason in the LMS export, a page for the student.
    export = read_csv(reports / "grades.csv")
    broken = export["broken"]
    assert (broken["raw_score"], broken["score"], broken["status"]) == ("", "", "failed"), broken
    assert "not a valid Jupyter notebook" in broken["reason"], broken
    assert (export["s00"]["score"], export["s00"]["status"]) == ("3.0", "graded")
    assert (export["blank"]["score"], export["blank"]["status"]) == ("0.0", "graded"), "a blank is a real zero"
    page = (course / "feedback" / "broken" / AID / f"{AID}.html").read_text()
    for words in ("nothing could be graded", "no score yet", "not a zero", "not a valid Jupyter notebook",
                  "What to hand in instead", f"{AID}.ipynb"):
        assert words in page, words
    # Feedback of a graded student names the exercise and carries its own math typesetting.
    graded_page = (course / "feedback" / "s00" / AID / f"{AID}.html").read_text()
    assert "Exercise 1: add, visible tests" in graded_page and "Exercise 1: add, hidden tests" in graded_page
    assert "Test cell" not in graded_page
    assert "cdnjs" not in graded_page and "MathJax" in graded_page, "math must render without a network"

    # Blanks apart: the blank notebook did not attempt the exercise; its stub's error is not a mistake.
    row = read_csv(reports / f"{AID}_exercises.csv")["add"]
    assert (row["students"], row["full"], row["failed"], row["not_attempted"]) == ("7", "3", "3", "1"), row
    assert "NotImplementedError" not in row["message_1"] + row["message_2"] + row["message_3"], row
    assert row["count_1"] == "3", row

    # Regrade one student (fixed answer): their rows change, the class stays whole.
    fixed = nbformat.read(course / "submitted" / "s01" / AID / f"{AID}.ipynb", as_version=4)
    fixed.cells[2].source = "def add(a, b):\n    return a + b"
    nbformat.write(fixed, course / "submitted" / "s01" / AID / f"{AID}.ipynb")
    figure = (reports / f"{AID}_scores.png").stat().st_mtime_ns
    again = grade(AID, course, workers=1, timeout=300, sandboxed=SANDBOX, students=["s01"])
    capsys.readouterr()
    assert [(r.student, r.status, r.score) for r in again] == [("s01", "graded", 3.0)], again
    rows = read_csv(reports / f"{AID}.csv")
    assert sorted(rows) == everyone, "the class CSV lost the students who were not regraded"
    assert rows["s01"]["score"] == "3" and rows["s03"]["score"] == "0" and rows["broken"]["status"] == "failed"
    assert (reports / f"{AID}_scores.png").stat().st_mtime_ns > figure
    row = read_csv(reports / f"{AID}_exercises.csv")["add"]
    assert (row["students"], row["full"], row["failed"], row["not_attempted"]) == ("7", "4", "2", "1"), row
    export = read_csv(reports / "grades.csv")
    assert export["s01"]["score"] == "3.0" and export["broken"]["status"] == "failed"
    assert (course / "feedback" / "broken" / AID / f"{AID}.html").exists(), "the failed page stays"
