"""Time the grading command: serial, with N workers, and bare notebook execution of the same files.

Usage (from the repository root)::

    python -m coursetools.bench_grading                   # 40 copies of solutions/01_jax_array
    python -m coursetools.bench_grading --assignment 03_vmap --submissions 20 --workers 2

Works in a scratch copy of the course. Prints a table and, as its last line, one JSON object with
``serial_s``, ``parallel_s``, ``workers``, ``per_notebook_s`` and ``bare_s`` (the time to execute the
same notebooks one after another with ``jupyter nbconvert --execute``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from coursetools.build import ROOT, build_env


def scratch_course(base: Path, assignment: str, n: int) -> Path:
    course = base / "course"
    course.mkdir(parents=True)
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "source" / assignment, course / "source" / assignment)
    for nb in (ROOT / "solutions" / assignment).glob("*.ipynb"):
        for i in range(n):
            dest = course / "submitted" / f"student{i:03d}" / assignment
            dest.mkdir(parents=True, exist_ok=True)
            shutil.copy(nb, dest / nb.name)
    return course


def time_grading(course: Path, assignment: str, workers: int) -> float:
    from coursetools.grade import grade

    shutil.rmtree(course / "autograded", ignore_errors=True)
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        results = grade(assignment, course, workers=workers, feedback=False)
    elapsed = time.perf_counter() - start
    bad = [r for r in results if r.status != "graded" or r.score != r.max_score]
    if bad:
        raise SystemExit(f"benchmark submissions did not all get full marks: {bad[:3]}")
    return elapsed


def time_bare(course: Path, assignment: str) -> float:
    notebooks = sorted((course / "submitted").glob(f"*/{assignment}/*.ipynb"))
    out = course / "bare"
    start = time.perf_counter()
    for nb in notebooks:
        subprocess.run([str(Path(sys.executable).parent / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
                        "--output-dir", str(out / nb.parent.parent.name), str(nb)],
                       env=build_env(), check=True, capture_output=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--assignment", default="01_jax_array")
    parser.add_argument("--submissions", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as tmp:
        course = scratch_course(Path(tmp), args.assignment, args.submissions)
        bare = time_bare(course, args.assignment)
        serial = time_grading(course, args.assignment, 1)
        parallel = time_grading(course, args.assignment, args.workers)
    n = args.submissions
    print(f"{args.submissions} submissions of {args.assignment}")
    print(f"{'run':<28}{'seconds':>10}{'per notebook':>14}")
    for name, secs in [("bare nbconvert --execute", bare), ("grade, 1 worker", serial),
                       (f"grade, {args.workers} workers", parallel)]:
        print(f"{name:<28}{secs:>10.1f}{secs / n:>14.2f}")
    print(f"parallel speed-up {serial / parallel:.2f}x; serial grading / bare execution {serial / bare:.2f}x")
    print(json.dumps({"serial_s": round(serial, 2), "parallel_s": round(parallel, 2), "workers": args.workers,
                      "per_notebook_s": round(serial / n, 3), "bare_s": round(bare, 2),
                      "submissions": n, "assignment": args.assignment}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
