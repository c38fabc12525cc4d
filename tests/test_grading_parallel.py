"""Parallel grading on one gradebook, SQLite (default) and PostgreSQL: no grade lost or doubled.

Uses a tiny synthetic assignment so the test measures the grading machinery, not JAX.
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import socket
import subprocess
import sys
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


def student_copy(nb):
    """What a student hands in: the hidden tests cut as in the release (docstring only), no markers."""
    for c in nb.cells:
        if "### BEGIN HIDDEN TESTS" in c.source:
            c.source = c.source.split("### BEGIN HIDDEN TESTS")[0].rstrip()
        c.source = "\n".join(line for line in c.source.splitlines() if "### BEGIN" not in line
                             and "### END" not in line)
    return nb


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
        sub = student_copy(nbformat.read(path / "source" / AID / f"{AID}.ipynb", as_version=4))
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
    data = tmp_path / "pgdata"
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use its own system user
        as_user = ["runuser", "-u", "postgres", "--"]
        tmp_path.chmod(0o777)
    env = course_env()
    try:
        subprocess.run([*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "grader", "--auth=trust", "-E",
                        "UTF8"], check=True, capture_output=True, env=env)
        # A free port can be taken by another process before the server binds it (a busy machine starts
        # kernels on random ports): try again on another port, then say why.
        for _attempt in range(3):
            port = free_port()
            started = subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(tmp_path / "pg.log"),
                                      "-w", "start", "-o", f"-p {port} -k {tmp_path} -c listen_addresses=127.0.0.1"],
                                     capture_output=True, env=env)
            if started.returncode == 0:
                break
        else:
            log = (tmp_path / "pg.log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"PostgreSQL did not start on three ports; its log ends:\n{log}")
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
    right = student_copy(nbformat.read(source_nb, as_version=4))
    right.cells[2].source = "def add(a, b):\n    return a + b"
    renamed = student_copy(nbformat.read(source_nb, as_version=4))
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
    """Six students (right and wrong answers), a blank notebook, an instructor's copy and one that is not
    JSON; then the broken one, handed in again, is regraded.

    The class CSV, the score figure and the per-exercise report describe the whole class after the
    regrade; the broken submission is failed with an empty score in the class CSV and the LMS export
    (status, reason) and gets a page saying why; the blank notebook and the instructor's copy are
    graded but flagged (``check``) and need the instructor; the blank is counted apart in the
    per-exercise report and its stub's error is no mistake."""
    from coursetools.grading.pipeline import grade

    course = tiny_course(tmp_path / "course")
    source_nb = course / "source" / AID / f"{AID}.ipynb"
    nb = nbformat.read(source_nb, as_version=4)
    nb.cells.insert(2, cell("markdown", "Return the sum $a + b$ of two numbers."))
    nbformat.write(nb, source_nb)
    blank = student_copy(nbformat.read(source_nb, as_version=4))
    blank.cells[3].source = STUB
    (course / "submitted" / "blank" / AID).mkdir(parents=True)
    nbformat.write(blank, course / "submitted" / "blank" / AID / f"{AID}.ipynb")
    (course / "submitted" / "copied" / AID).mkdir(parents=True)  # the instructor's file, solution and all
    shutil.copy(source_nb, course / "submitted" / "copied" / AID / f"{AID}.ipynb")
    (course / "submitted" / "broken" / AID).mkdir(parents=True)
    (course / "submitted" / "broken" / AID / f"{AID}.ipynb").write_text("{not json")
    reports = course / "reports"

    first = {r.student: r for r in grade(AID, course, workers=2, timeout=300, sandboxed=SANDBOX)}
    out = capsys.readouterr().out
    everyone = sorted([*STUDENTS, "blank", "broken", "copied"])
    assert sorted(first) == everyone and first["broken"].status == "failed", first
    assert "graded 8 of 9 submissions; 3 need you (1 could not be graded, 2 to look at)" in out, out
    assert json.loads(out.strip().splitlines()[-1])["need_instructor"] == 3
    assert (first["blank"].status, first["blank"].score) == ("check", 0), first["blank"]
    assert "unchanged from the release: probably the wrong copy" in first["blank"].reason
    assert (first["copied"].status, first["copied"].score) == ("check", 3), first["copied"]
    assert "holds the instructor's version" in first["copied"].reason
    classes = read_csv(reports / f"{AID}.csv")
    assert (classes["broken"]["score"], classes["broken"]["status"]) == ("", "failed"), "no grade, not a zero"
    assert (classes["blank"]["score"], classes["blank"]["status"]) == ("0", "check")
    assert "unchanged from the release" in classes["blank"]["reason"]
    assert classes["copied"]["status"] == "check" and "instructor's version" in classes["copied"]["reason"]

    # Failed means failed: an empty score and the reason in the LMS export, a page for the student.
    export = read_csv(reports / "grades.csv")
    broken = export["broken"]
    assert (broken["raw_score"], broken["score"], broken["status"]) == ("", "", "failed"), broken
    assert "not a valid Jupyter notebook" in broken["reason"], broken
    assert (export["s00"]["score"], export["s00"]["status"]) == ("3.0", "graded")
    assert (export["blank"]["score"], export["blank"]["status"]) == ("0.0", "check"), "a blank is a real zero"
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
    assert (row["students"], row["full"], row["failed"], row["not_attempted"]) == ("8", "4", "3", "1"), row
    assert "NotImplementedError" not in row["message_1"] + row["message_2"] + row["message_3"], row
    assert row["count_1"] == "3", row

    # The broken one is handed in again and regraded: its rows change, the class stays whole.
    fixed = nbformat.read(course / "submitted" / "s00" / AID / f"{AID}.ipynb", as_version=4)
    nbformat.write(fixed, course / "submitted" / "broken" / AID / f"{AID}.ipynb")
    figure = (reports / f"{AID}_scores.png").stat().st_mtime_ns
    again = grade(AID, course, workers=1, timeout=300, sandboxed=SANDBOX, students=["broken"])
    out = capsys.readouterr().out
    assert [(r.student, r.status, r.score) for r in again] == [("broken", "graded", 3.0)], again
    assert "graded 1 of 1 submissions; none needs you" in out, out
    rows = read_csv(reports / f"{AID}.csv")
    assert sorted(rows) == everyone, "the class CSV lost the students who were not regraded"
    assert rows["broken"]["score"] == "3" and rows["s03"]["score"] == "0" and rows["blank"]["status"] == "check"
    assert (reports / f"{AID}_scores.png").stat().st_mtime_ns > figure
    row = read_csv(reports / f"{AID}_exercises.csv")["add"]
    assert (row["students"], row["full"], row["failed"], row["not_attempted"]) == ("9", "5", "3", "1"), row
    export = read_csv(reports / "grades.csv")
    assert (export["broken"]["score"], export["broken"]["status"]) == ("3.0", "graded"), export["broken"]
    page = (course / "feedback" / "broken" / AID / f"{AID}.html").read_text()
    assert "nothing could be graded" not in page and "Exercise 1: add, visible tests" in page, "its real feedback"


# -- a department's deployments: a gradebook moved to PostgreSQL mid-term, a roster imported ------

def test_moving_the_gradebook_from_sqlite_to_postgresql_mid_term_loses_nothing(tmp_path, postgres, monkeypatch):
    """Graded on SQLite, a grade overridden and commented in the Formgrader's way, the gradebook copied to
    PostgreSQL (python -m coursetools.grading.gradebook copy), then one student regraded there."""
    from nbgrader.api import Gradebook

    from coursetools.grading import gradebook
    from coursetools.grading.pipeline import grade

    course = tiny_course(tmp_path / "course")
    for student in STUDENTS[2:]:
        shutil.rmtree(course / "submitted" / student)
    sqlite = f"sqlite:///{course / 'gradebook.db'}"
    first = {r.student: r.score for r in grade(AID, course, workers=2, timeout=300, feedback=False,
                                              sandboxed=SANDBOX)}
    assert first == {"s00": 3.0, "s01": 0.0}
    with Gradebook(sqlite) as gb:  # what an instructor does in the Formgrader: a manual grade and a comment
        hidden = gb.find_grade("add_hidden", AID, AID, "s01")
        hidden.manual_score = 1.0
        answer = gb.find_comment("add_answer", AID, AID, "s01")
        answer.manual_comment = "Right idea: check the sign."
        gb.db.commit()
    before = grade_rows(sqlite)

    proc = subprocess.run([sys.executable, "-m", "coursetools.grading.gradebook", "copy", sqlite, postgres],
                          capture_output=True, text=True, cwd=course, env=course_env())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "the two gradebooks hold the same rows" in proc.stdout, proc.stdout
    assert re.search(r"grade\s+4 rows copied", proc.stdout), proc.stdout
    assert gradebook.differences(sqlite, postgres) == []
    assert grade_rows(postgres) == before

    monkeypatch.setenv("NBGRADER_DB_URL", postgres)  # the course now uses PostgreSQL
    (course / "gradebook.db").rename(course / "gradebook-backup.db")
    again = grade(AID, course, workers=1, timeout=300, feedback=False, sandboxed=SANDBOX, students=["s00"])
    assert [(r.student, r.status, r.score) for r in again] == [("s00", "graded", 3.0)], again
    assert not (course / "gradebook.db").exists(), "grading wrote a new SQLite gradebook"
    rows = read_csv(course / "reports" / f"{AID}.csv")
    assert (rows["s00"]["score"], rows["s01"]["score"]) == ("3", "1"), rows  # s01 keeps its manual grade
    with Gradebook(postgres) as gb:
        assert gb.find_comment("add_answer", AID, AID, "s01").manual_comment == "Right idea: check the sign."


def test_a_roster_imported_from_a_csv(tmp_path):
    """nbgrader db student import: every student of the CSV is in the gradebook with their name and email,
    and the LMS export lists those who handed nothing in as not submitted."""
    from nbgrader.api import Gradebook

    from coursetools.grading.course import ensure_in_gradebook, nbgrader
    from coursetools.grading.report import export_grades

    course = tiny_course(tmp_path / "course")
    shutil.rmtree(course / "submitted")
    roster = tmp_path / "roster.csv"
    roster.write_text("id,first_name,last_name,email\n"
                      "s00,Ada,Lovelace,ada@example.edu\n"
                      "s01,Alan,Turing,alan@example.edu\n"
                      "s02,Grace,Hopper,grace@example.edu\n")
    proc = nbgrader(["db", "student", "import", str(roster)], course)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        students = {s.id: (s.first_name, s.last_name, s.email) for s in gb.students}
    assert students == {"s00": ("Ada", "Lovelace", "ada@example.edu"), "s01": ("Alan", "Turing", "alan@example.edu"),
                        "s02": ("Grace", "Hopper", "grace@example.edu")}
    ensure_in_gradebook(course, AID)
    (course / "reports").mkdir()
    rows = list(csv.DictReader(export_grades(course, course / "reports").open()))
    assert {(r["student_id"], r["last_name"], r["status"]) for r in rows} == {
        ("s00", "Lovelace", "not submitted"), ("s01", "Turing", "not submitted"), ("s02", "Hopper", "not submitted")}
