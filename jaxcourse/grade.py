"""Grade every submission of one assignment: autograde, feedback, grades CSV and a report.

Usage, from the course root (where ``nbgrader_config.py`` lives)::

    python -m jaxcourse.grade 03_vmap               # or: make grade ASSIGNMENT=03_vmap
    python -m jaxcourse.grade 03_vmap --workers 2

Submissions are read from nbgrader's layout, ``submitted/<student>/<assignment>/*.ipynb``. Each
student is autograded by its own ``nbgrader autograde --student`` process, so one broken
submission (not a notebook, a missing notebook, a kernel that dies, an endless loop) is recorded
with zero and a reason while the others are graded. Results go to ``reports/<assignment>.csv``
(student, score, max_score, status, reason) and nbgrader's ``reports/grades.csv``; feedback to
``feedback/``. The exit status is 0 when every submission was graded, 1 when some need a look.
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


def nbgrader_env() -> dict[str, str]:
    env = dict(os.environ)
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
    for pattern, reason in checks:
        if re.search(pattern, log):
            return reason
    errors = [line.strip() for line in log.splitlines() if "Error" in line or "error" in line]
    return errors[-1][:200] if errors else "nbgrader failed without a message"


def ensure_in_gradebook(course: Path, assignment: str) -> None:
    """Autograde needs the assignment's cells in the gradebook; add them without touching release/."""
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(db_url(course)) as gb:
        try:
            gb.find_assignment(assignment)
            return
        except MissingEntry:
            pass
    scratch = course / ".grading_release"
    proc = nbgrader(["generate_assignment", assignment, "--force",
                     f"--CourseDirectory.release_directory={scratch.name}"], course)
    subprocess.run(["rm", "-rf", str(scratch)], check=False)
    if proc.returncode:
        raise SystemExit(f"could not add {assignment} to the gradebook:\n{proc.stderr[-2000:]}")


def db_url(course: Path) -> str:
    """The gradebook URL from the course's nbgrader_config.py (relative SQLite paths made absolute)."""
    from traitlets.config.loader import PyFileConfigLoader

    url = "sqlite:///gradebook.db"
    if (course / "nbgrader_config.py").exists():
        config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
        url = config.get("CourseDirectory", {}).get("db_url", url) or url
    if url.startswith("sqlite:///") and not url.startswith("sqlite:////"):
        url = f"sqlite:///{course / url[len('sqlite:///'):]}"
    return url


_API = None


def _init_worker(course: str, sandboxed: bool = True) -> None:
    """Each worker process imports nbgrader once and grades many submissions from the course root."""
    global _API
    os.chdir(course)
    os.environ.update(nbgrader_env())
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=course).load_config()
    config.CourseDirectory.root = course
    config.CourseDirectory.db_url = db_url(Path(course))
    if sandboxed:  # each kernel in bubblewrap, as nobody, without network (jaxcourse/sandbox.py)
        from jaxcourse import sandbox

        config.merge(sandbox.grading_config())
    _API = NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


def _autograde(assignment: str, student: str) -> tuple[bool, str]:
    result = _API.autograde(assignment, student, force=True, create=True)
    return bool(result.get("success")), (result.get("log") or "") + (result.get("error") or "")


def grade_one(pool, assignment: str, student: str, folder: Path, notebooks: list[str],
              timeout: float, retries: int = 2) -> Result:
    """Grade one submission in a worker process; a broken submission becomes a Result with a reason."""
    reason = precheck(folder, notebooks)
    if reason:
        return Result(student, status="failed", reason=reason)
    log = ""
    for _attempt in range(retries + 1):
        try:
            ok, log = pool.submit(_autograde, assignment, student).result(timeout=timeout)
        except FuturesTimeout:
            return Result(student, status="failed", reason=f"grading took longer than {timeout:.0f} s")
        except BrokenExecutor as err:
            return Result(student, status="failed", reason=f"the grading worker crashed ({err.__class__.__name__})")
        if ok:
            return Result(student)
        if not any(marker in log for marker in RETRYABLE):
            break
    return Result(student, status="failed", reason=failure_reason(log))


def progress(done: int, total: int, r: Result) -> None:
    """A progress bar on a terminal; one line per submission in logs."""
    bar = "#" * (24 * done // total) + "." * (24 - 24 * done // total)
    mark = "ok" if r.status == "graded" else f"FAILED: {r.reason}"
    if sys.stdout.isatty():
        print(f"\r[{bar}] {done}/{total} {r.student}: {mark}"[:120].ljust(120), end="", flush=True)
        if done == total:
            print()
    else:
        print(f"[{bar}] {done}/{total} {r.student}: {mark}", flush=True)


def write_report(path: Path, results: list[Result]) -> None:
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["student", "score", "max_score", "status", "reason"])
        for r in results:
            writer.writerow([r.student, f"{r.score:g}", f"{r.max_score:g}", r.status, r.reason])


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
    graded = [r.score for r in results if r.status == "graded"]
    failed = [0.0 for r in results if r.status != "graded"]
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
            if r.status != "graded":
                r.score = 0.0
                continue
            try:
                r.score = gb.find_submission(assignment, r.student).score
            except MissingEntry:
                r.status, r.reason, r.score = "failed", "no grades were recorded", 0.0


def grade(assignment: str, course: Path = Path("."), workers: int = 1, timeout: float = 600,
          students: list[str] | None = None, feedback: bool = True, out: Path | None = None,
          sandboxed: bool = True) -> list[Result]:
    course = course.resolve()
    if sandboxed:
        from jaxcourse import sandbox

        ok, why = sandbox.available()
        if not ok:
            raise SystemExit(f"cannot sandbox student code: {why}\nrun scripts/system-deps.sh as root, or pass "
                             "--no-sandbox to grade without it (student code then runs as you, in the course)")
        print(f"sandbox: {why}", flush=True)
    else:
        print("sandbox: OFF (--no-sandbox): student code runs as you and can read the course", flush=True)
    notebooks = expected_notebooks(course, assignment)
    submitted = course / "submitted"
    found = sorted(p.parent.name for p in submitted.glob(f"*/{assignment}")) if submitted.exists() else []
    students = [s for s in found if students is None or s in students]
    if not students:
        raise SystemExit(f"no submissions for {assignment} in {submitted}")
    ensure_in_gradebook(course, assignment)
    # Students must exist before parallel workers write their grades.
    from nbgrader.api import Gradebook

    with Gradebook(db_url(course)) as gb:
        for s in students:
            gb.update_or_create_student(s)

    started = time.perf_counter()
    results: list[Result] = []
    workers = max(1, min(workers, len(students)))
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=spawn, initializer=_init_worker,
                             initargs=(str(course), sandboxed)) as pool, \
            ThreadPoolExecutor(workers) as waiters:
        futures = [waiters.submit(grade_one, pool, assignment, s, submitted / s / assignment, notebooks, timeout)
                   for s in students]
        for fut in as_completed(futures):
            r = fut.result()
            results.append(r)
            progress(len(results), len(students), r)
    results.sort(key=lambda r: r.student)
    read_scores(course, assignment, results)
    elapsed = time.perf_counter() - started

    out = (out or course / "reports").resolve()
    out.mkdir(parents=True, exist_ok=True)
    if feedback:
        nbgrader(["generate_feedback", assignment, "--force"], course)
    nbgrader(["export", f"--to={out / 'grades.csv'}"], course)
    write_report(out / f"{assignment}.csv", results)
    plot_scores(out / f"{assignment}_scores.png", assignment, results)
    print_summary(results)
    graded = sum(r.status == "graded" for r in results)
    print(f"graded {graded} of {len(results)} submissions in {elapsed:.1f} s with {workers} worker(s); "
          f"report: {out / (assignment + '.csv')}")
    print(json.dumps({"assignment": assignment, "graded": graded, "failed": len(results) - graded,
                      "seconds": round(elapsed, 2), "workers": workers}))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("assignment", help="assignment id, e.g. 03_vmap")
    parser.add_argument("--course", type=Path, default=Path("."), help="course root (default: .)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="submissions graded at once (default: the number of cores)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds allowed per submission")
    parser.add_argument("--student", action="append", help="grade only these students")
    parser.add_argument("--no-feedback", action="store_true", help="skip nbgrader generate_feedback")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="run student kernels without the bubblewrap sandbox (only for code you trust)")
    args = parser.parse_args(argv)
    results = grade(args.assignment, args.course, args.workers, args.timeout, args.student,
                    feedback=not args.no_feedback, sandboxed=not args.no_sandbox)
    return 0 if all(r.status == "graded" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
