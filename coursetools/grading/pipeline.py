"""The grading run, stage by stage: collect, precheck, execute (on a backend), score, report, feedback.

:func:`grade` is what ``python -m coursetools.grading`` (``make grade``) calls; each stage lives in
its own module of this package and none of them calls back into this one.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from coursetools.grading import exercises, report, sandbox, score
from coursetools.grading.backends import Backend, Run
from coursetools.grading.backends.local import LocalPool
from coursetools.grading.collect import collect_from_lms, submitted_students, unknown_assignments
from coursetools.grading.course import course_config, db_url, ensure_in_gradebook, expected_notebooks
from coursetools.grading.execute import unsandboxed_reason
from coursetools.grading.feedback import generate as generate_feedback
from coursetools.grading.feedback import write_failed_page
from coursetools.grading.precheck import precheck
from coursetools.grading.result import FAILED, SANDBOXED, UNSANDBOXED, Result, failed


def choose_backend(run: Run, workers: int, scheduler: str | None, worker_course: str | None) -> Backend:
    """The local pool, or the workers of the Dask cluster at ``scheduler``."""
    if not scheduler:
        return LocalPool(run, workers)
    try:  # Dask is optional and heavy: imported only to grade on a cluster
        from coursetools.grading.backends.dask_cluster import DaskCluster
    except ImportError as err:
        raise SystemExit(f"--scheduler needs dask.distributed ({err}): pip install -r requirements.txt") from None
    return DaskCluster(run, scheduler, worker_course)


def check_sandbox(sandboxed: bool, why_not: str, here: bool) -> None:
    """Say how student code will run; stop when the sandbox cannot run here and nobody opted out."""
    if not sandboxed:
        print(f"sandbox: OFF, grading unsandboxed ({why_not}): student code runs as you and can read and "
              "change the course", flush=True)
    elif not here:
        print("sandbox: bubblewrap, checked on every Dask worker", flush=True)
    else:
        ok, why = sandbox.available()
        if not ok:
            raise SystemExit(sandbox.unavailable_message(why))
        print(f"sandbox: {why}", flush=True)


def choose_students(course: Path, assignment: str, students: list[str] | None, extra: list[Result]) -> list[str]:
    """Who is graded this run: everyone with a submission, or those of ``students`` who have one."""
    everyone = submitted_students(course, assignment)
    chosen = [s for s in everyone if students is None or s in students]
    for missing in sorted(set(students or []) - set(everyone)):
        print(f"{missing}: no submission of {assignment} in {course / 'submitted'}")
    if not chosen:
        for r in extra:
            print(f"{r.student}: {r.reason}")
        raise SystemExit(f"no submissions for {assignment} in {course / 'submitted'}")
    return chosen


def grade_students(run: Run, backend: Backend, chosen: list[str], notebooks: list[str], label: str,
                   zero_on_kernel_death: bool = True) -> list[Result]:
    """Stages 2 to 4 for ``chosen``: precheck here, execute on ``backend``, scores from the gradebook."""
    results: list[Result] = []

    def done(r: Result) -> None:
        r.sandbox = label
        results.append(r)
        report.progress(len(results), len(chosen), r)

    todo = []
    for student in chosen:  # what cannot be graded at all fails here, before any worker
        reason = precheck(run.folder(student), notebooks)
        if reason:
            done(failed(student, reason))
        else:
            todo.append(student)
    backend.grade(todo, done)
    for r in results:  # failed means no grade anywhere; the others are read from the gradebook
        if r.status == FAILED:
            score.forget_submission(run.course, run.assignment, r.student, run.db)
    score.read_scores(run.course, run.assignment, results)
    if zero_on_kernel_death:
        score.zero_kernel_deaths(run.course, run.assignment, results)
    return sorted(results, key=lambda r: r.student)


def write_class_reports(run: Run, out: Path, results: list[Result], extra: list[Result], label: str) -> list[Result]:
    """Stage 5: the class CSV and the score figure, of the whole class after this run (returned)."""
    csv_path = out / f"{run.assignment}.csv"
    ran = {r.student for r in results}
    whole = report.whole_class(report.read_class_csv(csv_path), results,
                               set(submitted_students(run.course, run.assignment)),
                               score.graded_students(run.course, run.assignment), label)
    score.read_scores(run.course, run.assignment, [r for r in whole if r.student not in ran])
    for r in extra:
        r.max_score = max((x.max_score for x in whole), default=0.0)
    report.write_class_csv(csv_path, whole + extra)
    report.plot_scores(out / f"{run.assignment}_scores.png", run.assignment, whole + extra)
    return whole


def grade(assignment: str, course: Path = Path("."), workers: int = 1, timeout: float = 3600,
          students: list[str] | None = None, feedback: bool = True, out: Path | None = None,
          sandboxed: bool = True, lms: Path | None = None, zero_on_kernel_death: bool = True,
          scheduler: str | None = None, worker_course: str | None = None) -> list[Result]:
    """Grade the submissions of ``assignment`` (``students``: only these) and write every report.

    Returns this run's results (and the failed rows for folders that matched no assignment or
    student). ``scheduler``: a Dask scheduler's address, to grade on its workers (``worker_course``:
    the course's path there) instead of ``workers`` local processes.
    """
    course = course.resolve()
    notebooks = expected_notebooks(course, assignment)  # an unknown assignment stops here, with the reason
    ensure_in_gradebook(course, assignment)
    extra = unknown_assignments(course) + (collect_from_lms(course, assignment, lms) if lms is not None else [])
    # The same opt-outs as every other route (TrustedExecute): --no-sandbox, JAXCOURSE_UNSANDBOXED=1
    # or c.TrustedExecute.sandbox = False in the course's nbgrader_config.py.
    why_not = "--no-sandbox" if not sandboxed else unsandboxed_reason(course_config(course))
    sandboxed = not why_not
    label = SANDBOXED if sandboxed else UNSANDBOXED
    check_sandbox(sandboxed, why_not, here=not scheduler)
    chosen = choose_students(course, assignment, students, extra)  # stage 1
    score.prepare_students(course, assignment, chosen)

    run = Run(course, assignment, sandboxed, db_url(course), timeout)
    started = time.perf_counter()
    with choose_backend(run, max(1, min(workers, len(chosen))), scheduler, worker_course) as backend:
        results = grade_students(run, backend, chosen, notebooks, label, zero_on_kernel_death)
    elapsed = time.perf_counter() - started

    out = (out or course / "reports").resolve()
    out.mkdir(parents=True, exist_ok=True)
    whole = write_class_reports(run, out, results, extra, label)
    if feedback:  # stage 6
        generate_feedback(course, assignment)
        for r in results:
            if r.status == FAILED:
                write_failed_page(course, assignment, r, notebooks)
    report.export_grades(course, out)
    ran = sorted(results + extra, key=lambda r: r.student)
    report.print_summary(ran)
    exercises.exercise_report(course, assignment, out, failed=sum(r.status == FAILED for r in whole))
    print(f"{report.summary_line(ran)}, in {elapsed:.1f} s with {backend.workers}{' Dask' if scheduler else ''} "
          f"worker(s), {'in the sandbox' if sandboxed else f'UNSANDBOXED ({why_not})'}; "
          f"report: {out / f'{assignment}.csv'}")
    print(json.dumps({"assignment": assignment, **report.counts(ran), "seconds": round(elapsed, 2),
                      "workers": backend.workers, "sandbox": label, "backend": backend.name}))
    return ran
