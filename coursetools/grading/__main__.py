"""Grade every submission of one assignment: autograde, feedback, the class's reports and the LMS export.

Usage, from the course root (where ``nbgrader_config.py`` lives)::

    python -m coursetools.grading 04_vmap                      # or: make grade ASSIGNMENT=04_vmap
    python -m coursetools.grading 04_vmap --workers 2
    python -m coursetools.grading 04_vmap --student dave --student erin   # regrade two students
    python -m coursetools.grading 04_vmap --lms ~/Downloads/submissions   # files downloaded from an LMS

Submissions are read from nbgrader's layout, ``submitted/<student>/<assignment>/*.ipynb``, after
``--lms FOLDER`` has collected downloaded files (zip archives or notebooks named
``<student>_..._<notebook>.ipynb``) into it with ``nbgrader zip_collect``. Worker processes
(default: one per core) or the workers of a Dask cluster (``--scheduler``) grade different
submissions at once; every student kernel runs in the bubblewrap sandbox
(``coursetools/grading/sandbox.py``, started by ``TrustedExecute`` on every autograde route) and
every test is decided outside it; ``--no-sandbox`` is the same explicit opt-out as
``JAXCOURSE_UNSANDBOXED=1``.

Results go to ``reports/<assignment>.csv`` (student, score, max_score, status, reason, and the
sandbox: "bubblewrap" or "unsandboxed"), a PNG histogram ``reports/<assignment>_scores.png``, the
per-exercise report ``reports/<assignment>_exercises.csv`` and ``.png``, all three for the whole
class (``--student`` replaces those students' rows), and the LMS export ``reports/grades.csv``
(nbgrader's columns plus ``status`` and ``reason``; a failed submission has an empty score);
feedback to ``feedback/``. Status ``graded``: all is well; ``check``: graded, but something needs a
look (a cell killed the kernel or ran too long, test cells were changed or deleted, an answer cell
is missing; a submission whose kernel died is recorded with zero unless
``--keep-score-on-kernel-death``); ``failed``: could not be graded (not a notebook, empty folder,
unknown assignment, unmatched LMS file): no score anywhere, and a feedback page that says why and
what to hand in instead. A broken submission never stops the others. The exit status is 0 when
every submission was ``graded``, 1 when some need the instructor.

The stages live in ``coursetools.grading``: collect, precheck, execute, score, report, feedback;
the backends in ``coursetools.grading.backends``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from coursetools.grading.pipeline import grade
from coursetools.grading.result import GRADED


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m coursetools.grading", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("assignment", help="assignment id, e.g. 04_vmap")
    parser.add_argument("--course", type=Path, default=Path("."), help="course root (default: .)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="submissions graded at once (default: the number of cores)")
    parser.add_argument("--timeout", type=float, default=3600,
                        help="wall-clock seconds allowed per submission, a last resort (each cell has its own CPU, "
                             "memory and wall-clock limits: nbgrader_config.py)")
    parser.add_argument("--student", action="append",
                        help="grade only this student (repeatable); the class's reports keep everyone else's rows")
    parser.add_argument("--no-feedback", action="store_true", help="skip the feedback pages")
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
    return 0 if all(r.status == GRADED for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
