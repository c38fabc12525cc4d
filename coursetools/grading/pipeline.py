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
from coursetools.grading.collect import collect_from_lms, submission_folder, submitted_students, unknown_assignments
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


def grade(assignment: str, course: Path = Path("."), workers: int = 1, timeout: float = 600,
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
    everyone = submitted_students(course, assignment)
    chosen = [s for s in everyone if students is None or s in students]
    for missing in sorted(set(students or []) - set(everyone)):
        print(f"{missing}: no submission of {assignment} in {course / 'submitted'}")
    if not chosen:
        for r in extra:
            print(f"{r.student}: {r.reason}")
        raise SystemExit(f"no submissions for {assignment} in {course / 'submitted'}")
    score.prepare_students(course, assignment, chosen)

    run = Run(course, assignment, sandboxed, db_url(course), timeout)
    started = time.perf_counter()
    results: list[Result] = []

    def done(r: Result) -> None:
        r.sandbox = label
        results.append(r)
        report.progress(len(results), len(chosen), r)

    todo = []
    for student in chosen:  # stage 2: what cannot be graded at all fails here, before any worker
        reason = precheck(submission_folder(course, assignment, student), notebooks)
        if reason:
            done(failed(student, reason))
        else:
            todo.append(student)
    workers = max(1, min(workers, len(todo)))
    with choose_backend(run, workers, scheduler, worker_course) as backend:  # stage 3, anywhere
        backend.grade(todo, done)
        backend_name, worker_count = backend.name, backend.workers
    for r in results:  # stage 4: failed means no grade anywhere; the others read from the gradebook
        if r.status == FAILED:
            score.forget_submission(course, assignment, r.student, run.db)
    score.read_scores(course, assignment, results)
    if zero_on_kernel_death:
        score.zero_kernel_deaths(course, assignment, results)
    results.sort(key=lambda r: r.student)
    elapsed = time.perf_counter() - started

    out = (out or course / "reports").resolve()  # stage 5: reports of the whole class
    out.mkdir(parents=True, exist_ok=True)
    csv_path = out / f"{assignment}.csv"
    others = report.whole_class(report.read_class_csv(csv_path), results, set(everyone),
                                score.graded_students(course, assignment), label)
    score.read_scores(course, assignment, [r for r in others if r.student not in {x.student for x in results}])
    for r in extra:
        r.max_score = max((x.max_score for x in others), default=0.0)
    report.write_class_csv(csv_path, others + extra)
    report.plot_scores(out / f"{assignment}_scores.png", assignment, others + extra)
    if feedback:  # stage 6
        generate_feedback(course, assignment)
        for r in results:
            if r.status == FAILED:
                write_failed_page(course, assignment, r, notebooks)
    report.export_grades(course, out)
    ran = sorted(results + extra, key=lambda r: r.student)
    report.print_summary(ran)
    exercises.exercise_report(course, assignment, out, failed=sum(r.status == FAILED for r in others))
    n = report.counts(ran)
    print(f"{report.summary_line(ran)}, in {elapsed:.1f} s with {worker_count}{' Dask' if scheduler else ''} "
          f"worker(s), {'in the sandbox' if sandboxed else f'UNSANDBOXED ({why_not})'}; report: {csv_path}")
    print(json.dumps({"assignment": assignment, **n, "seconds": round(elapsed, 2), "workers": worker_count,
                      "sandbox": label, "backend": backend_name}))
    return ran
