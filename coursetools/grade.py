"""Grade every submission of one assignment: autograde, feedback, grades CSV and a report.

Usage, from the course root (where ``nbgrader_config.py`` lives)::

    python -m coursetools.grade 04_vmap                      # or: make grade ASSIGNMENT=04_vmap
    python -m coursetools.grade 04_vmap --workers 2
    python -m coursetools.grade 04_vmap --lms ~/Downloads/submissions   # files downloaded from an LMS

Submissions are read from nbgrader's layout, ``submitted/<student>/<assignment>/*.ipynb``, after
``--lms FOLDER`` has collected downloaded files (zip archives or notebooks named
``<student>_..._<notebook>.ipynb``) into it with ``nbgrader zip_collect``. Worker processes
(default: one per core) grade different submissions at once; every student kernel runs in the
bubblewrap sandbox (``coursetools/sandbox.py``, started by ``coursetools.grading.TrustedExecute`` on
every autograde route) and every test is decided outside it (``coursetools/grading.py``);
``--no-sandbox`` is the same explicit opt-out as ``JAXCOURSE_UNSANDBOXED=1``. Results go to
``reports/<assignment>.csv`` (student, score, max_score, status, reason, and the sandbox: "bubblewrap"
or "unsandboxed"), a PNG histogram ``reports/<assignment>_scores.png`` and nbgrader's
``reports/grades.csv``; feedback to ``feedback/``. Status ``graded``: all is well; ``check``: graded,
but something needs a look (a cell killed the kernel or ran too long, test cells were changed or
deleted, an answer cell is missing; a submission whose kernel died is recorded with zero, see
:func:`zero_submission`, unless ``--keep-score-on-kernel-death``); ``failed``: could not be graded
(not a notebook, empty folder, unknown assignment, unmatched LMS file), scored zero.
A broken submission never stops the others. The exit status is 0 when every submission was
``graded``, 1 when some need a look.
"""

from __future__ import annotations

import argparse
import csv
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import dataclass
from pathlib import Path

from jaxcourse.devices import without_device_choice

#: Failures worth a second try: they come from the grading machinery, not from the student.
RETRYABLE = ("database is locked", "Kernel didn't respond", "kernel died before replying to kernel_info",
             "Address already in use", "Failed to start the kernel")


@dataclass
class Result:
    student: str
    score: float = 0.0
    max_score: float = 0.0
    status: str = "graded"
    reason: str = ""
    seconds_late: float = 0.0  # after the assignment's due date in the gradebook (nbgrader's late handling)


def nbgrader_env() -> dict[str, str]:
    """The environment of nbgrader and its kernels: the virtualenv's ``bin/`` first, CPU by default.

    The CPU device count is left to each assignment's setup cell (05 asks for 8 simulated devices):
    a count set in the instructor's shell would change what the tests can tell apart.
    """
    env = without_device_choice(os.environ)
    bindir = str(Path(sys.executable).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")  # nbgrader runs `alembic` from here
    env.setdefault("JAX_PLATFORMS", "cpu")
    return env


def nbgrader(args: list[str], course: Path, timeout: float | None = None) -> subprocess.CompletedProcess:
    cmd = [str(Path(sys.executable).parent / "nbgrader"), *args]
    return subprocess.run(cmd, cwd=course, env=nbgrader_env(), capture_output=True, text=True, timeout=timeout)


def expected_notebooks(course: Path, assignment: str) -> list[str]:
    names = sorted(p.name for p in (course / "source" / assignment).glob("*.ipynb"))
    if not names:
        raise SystemExit(f"unknown assignment {assignment!r}: no notebooks in source/{assignment}/")
    return names


def precheck(folder: Path, notebooks: list[str]) -> str:
    """Why this submission cannot be graded, or '' when it can."""
    import nbformat

    if not folder.is_dir() or not any(folder.iterdir()):
        return "the submission folder is empty"
    for name in notebooks:
        path = folder / name
        if not path.exists():
            found = ", ".join(sorted(p.name for p in folder.iterdir())) or "nothing"
            return f"{name} is missing from the submission (found: {found})"
        try:
            nb = nbformat.read(path, as_version=4)
            nbformat.validate(nb)
        except Exception as err:  # any unreadable file is the student's problem, not ours
            return f"{name} is not a valid Jupyter notebook ({err.__class__.__name__})"
    return ""


def failure_reason(log: str) -> str:
    """One line saying why nbgrader could not grade a submission, read from its log."""
    checks = [
        (r"DeadKernelError|Kernel died", "the kernel died while running the notebook"),
        (r"CellTimeoutError|Cell execution timed out|timed out", "a cell ran past the time limit"),
        (r"UnresponsiveKernelError|became unresponsive", "the kernel stopped responding"),
        (r"MissingEntry|does not exist in the database|not in the gradebook",
         "a graded cell is missing or was renamed"),
        (r"SchemaTooOld|SchemaTooNew|metadata", "the notebook's nbgrader cell metadata was changed"),
    ]
    # The exception's own line, not the `raise` line a traceback quotes before it.
    stopped = re.findall(r"Error: grading stopped: (.*)", log) or re.findall(r"grading stopped: (.*)", log)
    if stopped:
        return f"grading stopped: {stopped[-1].strip()[:200]}"
    for pattern, reason in checks:
        if re.search(pattern, log):
            return reason
    errors = [line.strip() for line in log.splitlines() if "Error" in line or "error" in line]
    return errors[-1][:200] if errors else "nbgrader failed without a message"


def unknown_assignments(course: Path) -> list[Result]:
    """Submissions in submitted/<student>/<folder> for a folder that is no assignment of this course."""
    known = {p.name for p in (course / "source").iterdir() if p.is_dir()} if (course / "source").exists() else set()
    out = []
    for folder in sorted((course / "submitted").glob("*/*")) if (course / "submitted").exists() else []:
        if folder.is_dir() and folder.name not in known and not folder.name.startswith("."):
            out.append(Result(folder.parent.name, status="failed",
                              reason=f"submitted/{folder.parent.name}/{folder.name} is not an assignment of this "
                                     f"course (known: {', '.join(sorted(known))})"))
    return out


#: How an LMS names downloaded files: <student>_[LATE_][<number>_...]<notebook>[-<n>].ipynb (Canvas style).
LMS_REGEXP = r".*/(?P<student_id>[A-Za-z0-9.@-]+)_(?:LATE_)?(?:\d+_)*(?P<file_id>{notebooks})(?:-\d+)?\.ipynb$"


def collect_from_lms(course: Path, assignment: str, folder: Path, regexp: str | None = None) -> list[Result]:
    """Put files downloaded from an LMS (zip archives or notebooks) into submitted/ with nbgrader zip_collect.

    Returns a failed Result for every file that could not be matched to a student and a notebook.
    """
    import shutil

    notebooks = [Path(n).stem for n in expected_notebooks(course, assignment)]
    pattern = regexp or LMS_REGEXP.format(notebooks="|".join(re.escape(n) for n in notebooks))
    archive = course / "downloaded" / assignment / "archive"
    if archive.exists():
        shutil.rmtree(archive)
    archive.mkdir(parents=True)
    files = sorted(p for p in Path(folder).rglob("*") if p.is_file())
    if not files:
        raise SystemExit(f"no files in {folder}")
    for path in files:
        shutil.copy2(path, archive / path.name)
    proc = nbgrader(["zip_collect", assignment, "--force", f"--FileNameCollectorPlugin.named_regexp={pattern}"], course)
    if proc.returncode:
        raise SystemExit(f"nbgrader zip_collect failed:\n{proc.stderr[-2000:]}")
    skipped = re.findall(r"Skipped submission with no match information provided: (.*)", proc.stderr + proc.stdout)
    return [Result(Path(p.strip()).name, status="failed",
                   reason=f"file name matches no student and notebook of {assignment} (pattern {pattern})")
            for p in skipped]


def ensure_in_gradebook(course: Path, assignment: str) -> None:
    """Autograde needs the assignment's cells in the gradebook and its release notebook as the template.

    A missing ``release/<assignment>/`` is generated; an existing one is never touched.
    """
    from nbgrader.api import Gradebook, MissingEntry

    released = (course / "release" / assignment).is_dir()
    with Gradebook(db_url(course)) as gb:
        try:
            gb.find_assignment(assignment)
            if released:
                return
        except MissingEntry:
            pass
    if not released:
        proc = nbgrader(["generate_assignment", assignment, "--force"], course)
    else:
        scratch = course / ".grading_release"
        proc = nbgrader(["generate_assignment", assignment, "--force",
                         f"--CourseDirectory.release_directory={scratch.name}"], course)
        subprocess.run(["rm", "-rf", str(scratch)], check=False)
    if proc.returncode:
        raise SystemExit(f"could not add {assignment} to the gradebook:\n{proc.stderr[-2000:]}")


def course_config(course: Path):
    """The course's nbgrader_config.py as a traitlets Config (empty when there is none)."""
    from traitlets.config import Config
    from traitlets.config.loader import PyFileConfigLoader

    if not (course / "nbgrader_config.py").exists():
        return Config()
    return PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()


def db_url(course: Path) -> str:
    """The gradebook URL from the course's nbgrader_config.py (relative SQLite paths made absolute)."""
    url = "sqlite:///gradebook.db"
    if (course / "nbgrader_config.py").exists():
        url = course_config(course).get("CourseDirectory", {}).get("db_url", url) or url
    if url.startswith("sqlite:///") and not url.startswith("sqlite:////"):
        url = f"sqlite:///{course / url[len('sqlite:///'):]}"
    return url


_API = None


def _init_worker(course: str, sandboxed: bool = True, db: str | None = None) -> None:
    """Each worker process imports nbgrader once and grades many submissions from the course root.

    ``db``: the gradebook URL the grader chose (a Dask worker gets it with each task), else the course's.
    """
    global _API
    import warnings

    os.chdir(course)
    for name in ("JAX_NUM_CPU_DEVICES", "XLA_FLAGS"):  # nbgrader_env() may drop them
        os.environ.pop(name, None)
    os.environ.update(nbgrader_env())
    # nbgrader 0.9.6's Gradebook.add_submission trips SQLAlchemy 2's cascade warning; harmless noise.
    warnings.filterwarnings("ignore", message=r"Object of type <Submitted\w+> not in session")
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=course).load_config()
    config.CourseDirectory.root = course
    config.CourseDirectory.db_url = db or db_url(Path(course))
    if not sandboxed:  # the explicit opt-out; otherwise TrustedExecute runs every kernel in bubblewrap
        config.TrustedExecute.sandbox = False
    _API = NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


def _autograde(assignment: str, student: str) -> tuple[bool, str, list[str]]:
    from coursetools import grading

    grading.take_problems()
    result = _API.autograde(assignment, student, force=True, create=True)
    log = (result.get("log") or "") + (result.get("error") or "")
    return bool(result.get("success")), log, grading.take_problems()


def grade_one(pool, assignment: str, student: str, folder: Path, notebooks: list[str],
              timeout: float, retries: int = 2) -> Result:
    """Grade one submission in a worker process; a broken submission becomes a Result with a reason."""
    reason = precheck(folder, notebooks)
    if reason:
        return Result(student, status="failed", reason=reason)
    log = ""
    for _attempt in range(retries + 1):
        try:
            ok, log, problems = pool.submit(_autograde, assignment, student).result(timeout=timeout)
        except FuturesTimeout:
            return Result(student, status="failed", reason=f"grading took longer than {timeout:.0f} s")
        except BrokenExecutor as err:
            return Result(student, status="failed", reason=f"the grading worker crashed ({err.__class__.__name__})")
        if ok:
            if problems:  # graded, but something in it needs the instructor's eye
                return Result(student, status="check", reason="; ".join(problems))
            return Result(student)
        if not any(marker in log for marker in RETRYABLE):
            break
    return Result(student, status="failed", reason=failure_reason(log))


def progress(done: int, total: int, r: Result) -> None:
    """A progress bar on a terminal; one line per submission in logs."""
    bar = "#" * (24 * done // total) + "." * (24 - 24 * done // total)
    mark = {"graded": "ok", "check": f"graded, needs a look: {r.reason}"}.get(r.status, f"FAILED: {r.reason}")
    if sys.stdout.isatty():
        print(f"\r[{bar}] {done}/{total} {r.student}: {mark}"[:120].ljust(120), end="", flush=True)
        if done == total:
            print()
    else:
        print(f"[{bar}] {done}/{total} {r.student}: {mark}", flush=True)


def write_report(path: Path, results: list[Result], sandbox: str = "bubblewrap") -> None:
    """The report CSV; its last column says how student code ran ("bubblewrap" or "unsandboxed")."""
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["student", "score", "max_score", "status", "reason", "sandbox"])
        for r in results:
            writer.writerow([r.student, f"{r.score:g}", f"{r.max_score:g}", r.status, r.reason, sandbox])


def print_summary(results: list[Result]) -> None:
    width = max(len("student"), *(len(r.student) for r in results))
    print(f"\n{'student':<{width}}  {'score':>9}  status")
    for r in results:
        print(f"{r.student:<{width}}  {f'{r.score:g}/{r.max_score:g}':>9}  {r.status} {r.reason}".rstrip())


def plot_scores(path: Path, assignment: str, results: list[Result]) -> None:
    """A PNG histogram of the scores, failed submissions in their own colour."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    max_score = max((r.max_score for r in results), default=1) or 1
    fig, ax = plt.subplots(figsize=(6, 3), dpi=100)
    bins = [i * max_score / 10 for i in range(11)]
    graded = [r.score for r in results if r.status != "failed"]
    failed = [0.0 for r in results if r.status == "failed"]
    ax.hist([graded, failed], bins=bins, stacked=True, color=["tab:blue", "tab:red"],
            label=[f"graded ({len(graded)})", f"could not be graded ({len(failed)})"])
    ax.set(xlabel=f"score (of {max_score:g})", ylabel="submissions", title=f"{assignment}: score distribution")
    ax.legend(frameon=False)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def read_scores(course: Path, assignment: str, results: list[Result]) -> None:
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(db_url(course)) as gb:
        max_score = gb.find_assignment(assignment).max_score
        for r in results:
            r.max_score = max_score
            if r.status == "failed":
                r.score = 0.0
                continue
            try:
                sub = gb.find_submission(assignment, r.student)
                r.score, r.seconds_late = sub.score, sub.total_seconds_late or 0.0
                if r.seconds_late > 0:  # the penalty (none by default: LateSubmissionPlugin) is nbgrader's own
                    late = f"late: submitted {r.seconds_late:.0f} s after the due date"
                    r.reason = f"{r.reason}; {late}" if r.reason else late
            except MissingEntry:
                r.status, r.reason, r.score = "failed", "no grades were recorded", 0.0


#: Starts the comment the grader leaves on a submission it scored zero; marks the zero as the grader's.
ZERO_MARK = "[grader] "


def zero_submission(gb, assignment: str, student: str, why: str) -> float:
    """Record zero for every graded cell as a manual score, flagged for review; return the auto score.

    The automatic scores stay in the gradebook, so an instructor who decides the crash was innocent
    overrides the zeros in formgrader (the cells are listed as needing manual grading). The comment
    on the first answer cell tells the student why, in their feedback.
    """
    sub = gb.find_submission(assignment, student)
    auto = sum(g.auto_score or 0.0 for nb in sub.notebooks for g in nb.grades)
    for nb in sub.notebooks:
        for g in nb.grades:
            g.manual_score, g.needs_manual_grade = 0.0, True
    comments = [c for nb in sub.notebooks for c in nb.comments]
    if comments:
        comments[0].manual_comment = (f"{ZERO_MARK}This submission scored zero because {why}. "
                                      f"Its tests alone scored {auto:g}; your instructor will look at it.")
    gb.db.commit()
    return auto


def unzero_submission(gb, assignment: str, student: str) -> None:
    """Before a regrade, undo a zero that :func:`zero_submission` recorded (and nothing else)."""
    from nbgrader.api import MissingEntry

    try:
        sub = gb.find_submission(assignment, student)
    except MissingEntry:
        return
    marked = [c for nb in sub.notebooks for c in nb.comments if (c.manual_comment or "").startswith(ZERO_MARK)]
    if not marked:
        return
    for nb in sub.notebooks:
        for g in nb.grades:
            if g.manual_score == 0.0:
                g.manual_score = None
    for c in marked:
        c.manual_comment = None
    gb.db.commit()


def zero_kernel_deaths(course: Path, assignment: str, results: list[Result]) -> None:
    """A submission whose kernel died is recorded with zero and the reason (issue policy, see README)."""
    from nbgrader.api import Gradebook

    from coursetools.grading import KERNEL_DIED

    with Gradebook(db_url(course)) as gb:
        for r in results:
            if r.status == "check" and KERNEL_DIED in r.reason:
                auto = zero_submission(gb, assignment, r.student, "its kernel died during grading")
                r.score = 0.0
                r.reason = (f"scored zero because the kernel died (its tests scored {auto:g}; override in "
                            f"formgrader if the crash was innocent): {r.reason}")


def grade(assignment: str, course: Path = Path("."), workers: int = 1, timeout: float = 600,
          students: list[str] | None = None, feedback: bool = True, out: Path | None = None,
          sandboxed: bool = True, lms: Path | None = None, zero_on_kernel_death: bool = True,
          scheduler: str | None = None, worker_course: str | None = None) -> list[Result]:
    """Grade every submission; ``scheduler``: a Dask scheduler's address, to grade on its workers
    (``coursetools/cluster.py``; ``worker_course``: the course's path there) instead of local processes."""
    course = course.resolve()
    expected_notebooks(course, assignment)  # an unknown assignment stops here, with the reason
    ensure_in_gradebook(course, assignment)
    extra = unknown_assignments(course)
    if lms is not None:
        extra += collect_from_lms(course, assignment, lms)
    from coursetools import grading, sandbox

    # The same opt-outs as every other route (TrustedExecute): --no-sandbox, JAXCOURSE_UNSANDBOXED=1
    # or c.TrustedExecute.sandbox = False in the course's nbgrader_config.py.
    unsandboxed = "--no-sandbox" if not sandboxed else grading.unsandboxed_reason(course_config(course))
    sandboxed = not unsandboxed
    if sandboxed and scheduler:
        print("sandbox: bubblewrap, checked on every Dask worker", flush=True)
    elif sandboxed:
        ok, why = sandbox.available()
        if not ok:
            raise SystemExit(sandbox.unavailable_message(why))
        print(f"sandbox: {why}", flush=True)
    else:
        print(f"sandbox: OFF, grading unsandboxed ({unsandboxed}): student code runs as you and can read and "
              "change the course", flush=True)
    notebooks = expected_notebooks(course, assignment)
    submitted = course / "submitted"
    found = sorted(p.parent.name for p in submitted.glob(f"*/{assignment}")) if submitted.exists() else []
    students = [s for s in found if students is None or s in students]
    if not students:
        for r in extra:
            print(f"{r.student}: {r.reason}")
        raise SystemExit(f"no submissions for {assignment} in {submitted}")
    # Students must exist before parallel workers write their grades.
    from nbgrader.api import Gradebook

    with Gradebook(db_url(course)) as gb:
        for s in students:
            gb.update_or_create_student(s)
            unzero_submission(gb, assignment, s)

    cluster = None
    if scheduler:  # one Dask task per submission, on the cluster's workers that pass the check
        from coursetools.cluster import DaskGrading

        cluster = DaskGrading(scheduler, course, assignment, sandboxed, db_url(course), worker_course)
    started = time.perf_counter()
    results: list[Result] = []
    if cluster is not None:
        try:
            workers = len(cluster.fit)
            results = cluster.grade(students, submitted, notebooks, timeout, progress)
        finally:
            cluster.close()
    else:
        workers = max(1, min(workers, len(students)))
        spawn = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=spawn, initializer=_init_worker,
                                 initargs=(str(course), sandboxed)) as pool, \
                ThreadPoolExecutor(workers) as waiters:
            futures = [waiters.submit(grade_one, pool, assignment, s, submitted / s / assignment, notebooks,
                                      timeout) for s in students]
            for fut in as_completed(futures):
                r = fut.result()
                results.append(r)
                progress(len(results), len(students), r)
    read_scores(course, assignment, results)
    if zero_on_kernel_death:
        zero_kernel_deaths(course, assignment, results)
    for r in extra:
        r.max_score = max((x.max_score for x in results), default=0.0)
    results = sorted(results + extra, key=lambda r: r.student)
    elapsed = time.perf_counter() - started

    out = (out or course / "reports").resolve()
    out.mkdir(parents=True, exist_ok=True)
    if feedback:
        nbgrader(["generate_feedback", assignment, "--force"], course)
    nbgrader(["export", f"--to={out / 'grades.csv'}"], course)
    write_report(out / f"{assignment}.csv", results, sandbox="bubblewrap" if sandboxed else "unsandboxed")
    plot_scores(out / f"{assignment}_scores.png", assignment, results)
    print_summary(results)
    from coursetools.report import exercise_report  # what the class got wrong, per exercise

    exercise_report(course, assignment, out)
    graded = sum(r.status != "failed" for r in results)
    check = sum(r.status == "check" for r in results)
    print(f"graded {graded} of {len(results)} submissions ({check} need a look) in {elapsed:.1f} s with "
          f"{workers}{' Dask' if scheduler else ''} worker(s), "
          f"{'in the sandbox' if sandboxed else f'UNSANDBOXED ({unsandboxed})'}; "
          f"report: {out / (assignment + '.csv')}")
    print(json.dumps({"assignment": assignment, "graded": graded, "check": check, "failed": len(results) - graded,
                      "seconds": round(elapsed, 2), "workers": workers,
                      "sandbox": "bubblewrap" if sandboxed else "unsandboxed",
                      "backend": "dask" if scheduler else "local"}))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("assignment", help="assignment id, e.g. 04_vmap")
    parser.add_argument("--course", type=Path, default=Path("."), help="course root (default: .)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="submissions graded at once (default: the number of cores)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds allowed per submission")
    parser.add_argument("--student", action="append", help="grade only these students")
    parser.add_argument("--no-feedback", action="store_true", help="skip nbgrader generate_feedback")
    parser.add_argument("--lms", type=Path, metavar="FOLDER",
                        help="first collect files downloaded from an LMS (zip archives or notebooks named "
                             "<student>_..._<notebook>.ipynb) into submitted/ with nbgrader zip_collect")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="run student kernels without the bubblewrap sandbox, only for code you trust (the same "
                             "opt-out as JAXCOURSE_UNSANDBOXED=1 or c.TrustedExecute.sandbox = False)")
    parser.add_argument("--keep-score-on-kernel-death", action="store_true",
                        help="when a cell kills the kernel, keep the score of the other exercises (graded on a "
                             "fresh kernel) instead of recording zero")
    parser.add_argument("--scheduler", metavar="ADDRESS", default=os.environ.get("JAXCOURSE_DASK_SCHEDULER"),
                        help="grade on the workers of this Dask cluster (e.g. tcp://10.0.0.5:8786; default: "
                             "$JAXCOURSE_DASK_SCHEDULER) instead of local processes; the gradebook must then be "
                             "PostgreSQL unless every worker runs on this machine (README: Grading on a cluster)")
    parser.add_argument("--worker-course", metavar="PATH",
                        help="with --scheduler: the course's folder on the worker machines (default: the same "
                             "path as here; a worker's JAXCOURSE_WORKER_COURSE overrides it)")
    args = parser.parse_args(argv)
    results = grade(args.assignment, args.course, args.workers, args.timeout, args.student,
                    feedback=not args.no_feedback, sandboxed=not args.no_sandbox, lms=args.lms,
                    zero_on_kernel_death=not args.keep_score_on_kernel_death, scheduler=args.scheduler,
                    worker_course=args.worker_course)
    return 0 if all(r.status == "graded" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
