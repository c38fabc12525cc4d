"""A class on a real JupyterHub: an instructor and two students, each a Unix account with a server.

The hub (JupyterHub with configurable-http-proxy, the default LocalProcessSpawner and the
``shared-password`` authenticator, everything on 127.0.0.1) runs as root; every user's server and
kernel runs as that user, from a virtualenv every user can run (see ``hub_helpers.build_user_venv``).

Which Python the users run (issue 21): the course's, Python 3.12 (JAX 0.12 needs 3.12 to 3.14).
On these machines the course virtualenv is built from root's pyenv Python 3.12.1, which lives in
/root/.pyenv (root's home is 0700), and Debian 12 has only python3.11, so there is no 3.12 another
user can start. pyenv builds it with ``--enable-shared``: ``bin/python3.12`` needs
``libpython3.12.so.1.0`` and finds it through RUNPATH=/root/.pyenv/versions/3.12.1/lib, so a plain
world-readable copy still fails for another user ("error while loading shared libraries"). ``make
hub-env`` (scripts/hub-env.sh) copies that install (interpreter, libpython, standard library: about
100 MB) to ``.venv/hub-python`` and sets the interpreter's RUNPATH to ``$ORIGIN/../lib`` with
patchelf (Debian's package); Python finds its standard library from its own location. The test
hard-links the copy into its class folder and builds the users' virtualenv on it with this
virtualenv's packages, which were compiled for that same build. The test checks that a student
runs that Python and its version is this one's.
The instructor's course is a copy of this one in their home (mode 0700); the exchange is shared.

Through the hub's REST API and each user's own server (with the user's own token), and for one
student in Chromium: the instructor generates and releases 01_jax_array; alice fetches it, submits a
wrong version and then the solution's answers; a deadline is set; bob fetches and submits in the
browser (wrong answers, after the deadline). Neither student can read the instructor's course, the
gradebook or the other student's work. The instructor collects and runs the course's grading command
(``python -m coursetools.grading``, sandboxed kernels) in a terminal of their own server, releases the
feedback, and each student fetches their own feedback with their own score. Afterwards no process
of the test users, the hub or the proxy is left, and the users and folders are gone.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
import time
import urllib.parse
from datetime import UTC, datetime

import pytest
from browser_helpers import CHROMIUM_ARGS, menu, require_chromium, strip_solution_markers
from conftest import ROOT, copy_course, course_env, grade_id, source
from hub_helpers import ARTIFACTS, COURSE_ID, Classroom, missing, run_as

from coursetools.exercise_check import stored_answers

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("hub")]

AID = "01_jax_array"
NB = f"{AID}_exercises.ipynb"


def answers_from_solution() -> dict[str, str]:
    """grade id of each answer cell -> the solution's answer, as a student would type it."""
    nb = json.loads((ROOT / "solutions" / AID / NB).read_text())
    return {grade_id(c): strip_solution_markers(source(c)) for c in nb["cells"]
            if (grade_id(c) or "").endswith("_answer")}


def wrong_answers() -> dict[str, str]:
    """The first stored wrong answer of every exercise that has one (tests/answers/<aid>/<ex>.py)."""
    return {f"{ex}_answer": found[0].read_text() for ex, found in sorted(stored_answers("wrong", AID).items())}


def fill_in(nb: dict, answers: dict[str, str]) -> dict:
    for cell in nb["cells"]:
        if grade_id(cell) in answers:
            cell["source"] = answers[grade_id(cell)]
    return nb


def ok(r, what: str):
    assert r.status == 200, f"{what}: {r}"
    data = r.json()
    assert data.get("success", True), f"{what}: {json.dumps(data)[:3000]}"
    return data


def write_answers(hub, student: str, answers: dict[str, str]) -> None:
    """The student edits the fetched notebook in their own server (contents API)."""
    path = f"/api/contents/{AID}/{NB}"
    r = hub.server(student, "GET", f"{path}?content=1")
    assert r.status == 200, f"{student} reads {AID}/{NB}: {r}"
    nb = fill_in(r.json()["content"], answers)
    r = hub.server(student, "PUT", path, {"type": "notebook", "format": "json", "content": nb})
    assert r.status == 200, f"{student} saves {AID}/{NB}: {r}"


def student_action(hub, student: str, action: str) -> dict:
    return ok(hub.server(student, "POST", f"/assignments/{action}", {"course_id": COURSE_ID, "assignment_id": AID}),
              f"{student}: {action}")


def listing(hub, student: str) -> list[dict]:
    data = ok(hub.server(student, "GET", f"/assignments?course_id={COURSE_ID}"), f"{student}: list")
    return [a for a in data["value"] if a["assignment_id"] == AID]


def submissions(assignments: list[dict]) -> list[dict]:
    """The submissions in a student's assignment list, oldest first."""
    return [s for a in assignments if a["assignment_id"] == AID and a["status"] == "submitted"
            for s in a["submissions"]]


def refused(room, user: str, *cmd: str) -> str:
    """``cmd`` as ``user`` must fail with a permission error; returns its stderr."""
    proc = run_as(user, *cmd)
    assert proc.returncode != 0 and "Permission denied" in proc.stderr, \
        f"{user} ran {' '.join(cmd)}: exit {proc.returncode}\n{proc.stdout[:500]}{proc.stderr[:500]}"
    return proc.stderr


@pytest.fixture(scope="module")
def chromium() -> str:
    reason = missing()
    if reason:
        pytest.skip(f"no JupyterHub class here: {reason}")
    return require_chromium()


def browser_fetch_and_submit(hub, student: str, chromium: str, shots_dir, between) -> None:
    """The student logs in to the hub, fetches the assignment in JupyterLab's Assignments panel,
    ``between()`` writes their answers, then they submit it from the same panel."""
    from playwright.sync_api import sync_playwright

    shots_dir.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            context.set_default_timeout(60_000)
            outside = []
            context.on("request", lambda req: None if req.url.startswith((hub.url + "/", "data:", "blob:"))
                       else outside.append(req.url))
            page = context.new_page()
            try:
                page.goto(f"{hub.url}/hub/login")
                page.fill("#username_input", student)
                page.fill("#password_input", hub.password)
                page.click("#login_submit")
                page.wait_for_url(re.compile(rf"/user/{re.escape(student)}/lab"), timeout=60_000)
                page.wait_for_selector("#jp-main-dock-panel")
                menu(page, "Nbgrader", "Assignment List")
                panel = page.locator("#nbgrader-assignment-list")
                released = panel.locator("#released_assignments_list .list_item:not(.nested_list_item)", has_text=AID)
                released.get_by_role("button", name="Fetch").click()
                fetched = panel.locator("#fetched_assignments_list .list_item:not(.nested_list_item)", has_text=AID)
                fetched.wait_for()
                page.screenshot(path=str(shots_dir / "01_fetched.png"))
                between()
                fetched.get_by_role("button", name="Submit").click()
                panel.locator("#submitted_assignments_list .list_item:not(.nested_list_item)", has_text=AID).wait_for()
                page.screenshot(path=str(shots_dir / "02_submitted.png"))
            except Exception:
                page.screenshot(path=str(shots_dir / "failed.png"))
                raise
            finally:
                context.close()
            assert not outside, f"the page requested addresses outside the hub: {sorted(set(outside))[:20]}"
        finally:
            browser.close()


def test_class_round_on_jupyterhub(chromium):
    started = time.perf_counter()
    right, wrong = answers_from_solution(), wrong_answers()
    assert wrong and set(wrong) <= set(right), f"stored wrong answers {sorted(wrong)} vs answer cells {sorted(right)}"
    wrong = {**right, **wrong}  # a student who gets some exercises right and the others wrong
    room = Classroom("teacher", ["alice", "bob"])
    with room:
        teacher, (alice, bob) = room.instructor, room.students
        room.setup_course(lambda dest: copy_course(dest))
        hub = room.start_hub(course_env(), ARTIFACTS / "hub.log")
        print(f"\nhub at {hub.url}, users {room.users}, log {hub.log_path}")
        t = time.perf_counter()

        # -- the instructor releases the assignment ----------------------------------------------
        ok(hub.server(teacher, "POST", f"/formgrader/api/assignment/{AID}/assign"), "generate")
        ok(hub.server(teacher, "POST", f"/formgrader/api/assignment/{AID}/release"), "release")
        course_dir = room.exchange / COURSE_ID
        assert course_dir.stat().st_uid == os.stat(room.home(teacher)).st_uid, "exchange/<course> is the instructor's"
        assert [a["status"] for a in listing(hub, alice)] == ["released"]

        # -- alice: fetch, a wrong submission, then the right one (the latest counts) -------------
        statuses = student_action(hub, alice, "fetch")
        assert any(a["status"] == "fetched" for a in statuses["value"] if a["assignment_id"] == AID), statuses
        write_answers(hub, alice, wrong)
        student_action(hub, alice, "submit")
        write_answers(hub, alice, right)
        time.sleep(0.01)
        student_action(hub, alice, "submit")
        alice_submissions = [s["timestamp"] for s in submissions(listing(hub, alice))]
        assert len(alice_submissions) == 2, listing(hub, alice)

        # -- the deadline passes; bob fetches and submits late, in the browser --------------------
        due = datetime.now(UTC).replace(tzinfo=None)
        r = hub.server(teacher, "PUT", f"/formgrader/api/assignment/{AID}",
                       {"duedate_notimezone": due.isoformat(), "duedate_timezone": "+0000"})
        assert r.status == 200 and r.json().get("duedate_notimezone"), f"setting the deadline: {r}"
        time.sleep(0.01)
        browser_fetch_and_submit(hub, bob, chromium, ARTIFACTS / "bob", lambda: write_answers(hub, bob, wrong))
        bob_submissions = [s["timestamp"] for s in submissions(listing(hub, bob))]
        assert len(bob_submissions) == 1, listing(hub, bob)
        room.timings["release, fetch, submit"] = time.perf_counter() - t

        # -- what a student may not read ------------------------------------------------------------
        inbound = course_dir / "inbound"
        refused(room, bob, "ls", str(inbound))                                  # other submissions
        refused(room, bob, "ls", str(room.home(teacher)))                       # the course ...
        refused(room, bob, "cat", str(room.course / "gradebook.db"))            # ... the gradebook
        refused(room, bob, "cat", str(room.course / "solutions" / AID / NB))    # ... the solutions
        refused(room, bob, "cat", str(room.home(alice) / AID / NB))             # alice's own copy
        refused(room, bob, "ls", str(room.home(alice) / ".local"))              # her nbgrader cache
        refused(room, alice, "ls", str(room.home(bob)))
        # The image holds the grader (coursetools: it has reference answers) for the instructor only.
        python = room.base / "venv" / "bin" / "python"
        grader = next((room.base / "venv" / "lib").glob("python*/site-packages/coursetools"))
        refused(room, bob, "cat", str(grader / "augment.py"))
        assert run_as(bob, str(python), "-c", "import coursetools.grading").returncode != 0, "bob imported the grader"
        assert run_as(bob, str(python), "-c", "import jaxcourse.checking").returncode == 0, "students need jaxcourse"
        # The users run the course's Python version (3.12 here, the copy make hub-env made), not some python3.
        ran = run_as(bob, str(python), "-c", "import sys; print('%d.%d' % sys.version_info[:2], sys.base_prefix)")
        assert ran.stdout.split()[:1] == [f"{sys.version_info.major}.{sys.version_info.minor}"], ran
        assert not ran.stdout.split()[1].startswith("/root"), f"bob's Python lives under root's home: {ran.stdout}"
        # The exchange hides a submission by its name: listing the inbox is refused, and the name
        # ends with a random part (nbgrader's design: the files themselves are world-readable).
        names = sorted(p.name for p in inbound.iterdir())
        assert len([n for n in names if n.startswith(f"{alice}+{AID}+")]) == 2, names  # both kept
        assert all(len(n.rsplit("+", 1)[1]) >= 12 for n in names), names
        # Through the servers: bob's token opens no one else's server, and bob's server serves only his home.
        for path in ("/api/contents", f"/api/contents/{AID}/{NB}", "/formgrader/api/assignments"):
            r = hub.server(alice, "GET", path, as_user=bob)
            assert r.status in (302, 403), f"bob's token on alice's server {path}: {r}"
        r = hub.server(teacher, "GET", "/formgrader/api/submissions/" + AID, as_user=bob)
        assert r.status in (302, 403), f"bob's token on the instructor's formgrader: {r}"
        for path in (f"/api/contents/../{alice}", f"/api/contents/..%2F{alice}%2F{AID}"):
            r = hub.server(bob, "GET", path)
            assert r.status in (400, 403, 404), f"bob's server outside his home ({path}): {r}"

        # -- the instructor collects and grades in a terminal of their server ------------------------
        t = time.perf_counter()
        ok(hub.server(teacher, "POST", f"/formgrader/api/assignment/{AID}/collect"), "collect")
        room.timings["collect"] = time.perf_counter() - t
        t = time.perf_counter()
        status, output = hub.terminal(teacher, f"cd {room.course} && python -m coursetools.grading {AID}")
        room.timings["grade (terminal)"] = time.perf_counter() - t
        (ARTIFACTS / "grade.log").write_text(output)
        assert status == 0, f"the grading command exited {status}:\n{output[-4000:]}"
        assert "sandbox: bubblewrap" in output, output[-4000:]
        report = {row["student"]: row for row in csv.DictReader(io.StringIO(
            (room.course / "reports" / f"{AID}.csv").read_text()))}
        assert sorted(report) == sorted([alice, bob]), report
        a, b = report[alice], report[bob]
        assert a["status"] == b["status"] == "graded", report
        assert float(a["score"]) == float(a["max_score"]) > 0, f"alice's latest (right) submission: {a}"
        assert float(b["score"]) < float(b["max_score"]), f"bob's wrong answers: {b}"
        assert "late" not in a["reason"] and "late: submitted" in b["reason"], f"only bob is late: {report}"
        assert re.search(rf"{re.escape(bob)} .* late: submitted", output), f"the summary says so:\n{output[-3000:]}"
        stamp = (room.course / "submitted" / alice / AID / "timestamp.txt").read_text().strip()
        assert stamp == max(alice_submissions), f"collected {stamp}, submitted {alice_submissions}"

        # -- feedback: released, and each student fetches only their own --------------------------
        t = time.perf_counter()
        released = ok(hub.server(teacher, "POST", f"/formgrader/api/assignment/{AID}/release_feedback"),
                      "release feedback")
        files = sorted(str(p.relative_to(room.base)) for d in (room.course / "feedback", course_dir / "feedback")
                       for p in d.rglob("*") if p.is_file())
        feedback_of = {}
        for student, submitted in ((alice, alice_submissions), (bob, bob_submissions)):
            mine = submissions(student_action(hub, student, "fetch_feedback")["value"])
            # Feedback for the graded (latest) submission; an earlier one has none.
            with_feedback = [s["timestamp"] for s in mine if s.get("has_local_feedback")]
            assert with_feedback == [max(submitted)], f"{student}'s feedback: {mine}\n{files}\n{released}"
            folder = next(s["local_feedback_path"] for s in mine if s.get("has_local_feedback"))
            path = f"{folder}/{NB.replace('.ipynb', '.html')}"
            r = hub.server(student, "GET", f"/api/contents/{urllib.parse.quote(path)}?content=1&format=text&type=file")
            assert r.status == 200, f"{student} reads their feedback {path}: {r}"
            shown = re.search(r"<h4>[^<]*\(Score:\s*([0-9.]+)\s*/\s*([0-9.]+)\)", r.json()["content"])
            assert shown, f"no score in {student}'s feedback"
            row = report[student]
            assert (float(shown.group(1)), float(shown.group(2))) == (float(row["score"]), float(row["max_score"])), \
                f"{student}'s feedback shows {shown.group(0)}, the report {row}"
            feedback_of[student] = room.home(student) / path
        refused(room, bob, "ls", str(course_dir / "feedback"))                  # everyone's feedback
        refused(room, bob, "cat", str(feedback_of[alice]))                      # alice's, fetched
        room.timings["feedback"] = time.perf_counter() - t
    room.timings["total"] = time.perf_counter() - started
    print("timings: " + ", ".join(f"{k} {v:.1f} s" for k, v in room.timings.items()))

    # -- nothing left behind ----------------------------------------------------------------------
    assert not room.leftovers, f"processes left after the hub stopped: {room.leftovers}"
    assert not room.base.exists(), f"{room.base} was not removed"
    import pwd

    for user in room.users:
        with pytest.raises(KeyError):
            pwd.getpwnam(user)
