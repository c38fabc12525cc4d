"""Time the grading command: serial, with N workers, on a Dask cluster, and bare notebook execution.

Usage (from the repository root)::

    python -m coursetools.bench_grading                   # 40 copies of solutions/01_jax_array
    python -m coursetools.bench_grading --assignment 04_vmap --submissions 20 --workers 2
    python -m coursetools.bench_grading --submissions 10 --no-bare     # a quicker look
    python -m coursetools.bench_grading --under-load 4    # every assignment's honest solution on a loaded machine

Works in a scratch copy of the course; each submission is the solution as a student who wrote it
would hand it in (:func:`student_copy`: the release notebook with the solution's answers, no
markers, no hidden tests). Prints a table and, as its last line, one JSON object with
``serial_s``, ``parallel_s``, ``workers``, ``per_notebook_s``, ``bare_s`` (the time to execute the
same notebooks one after another with ``jupyter nbconvert --execute``) and ``dask_1_s``,
``dask_2_s`` (the grading command with ``--scheduler`` on a ``LocalCluster`` of 1 and 2 worker
processes with one thread each, started before the clock runs, as an instructor's cluster would
be; the check of the workers at the start of a run is timed). From the measured cost per
submission (``cpu_per_submission_s``: the serial run's CPU time, its worker, kernels and checker
included, polled with psutil, which a busy machine does not inflate as it does wall time) it estimates the wall time of
10,000 submissions on 100 cores (``estimate_10k_on_100_s``), assuming the 1-to-2-worker scaling
efficiency measured here holds on the cluster.

``--under-load K`` instead grades the honest solution of every assignment (and, in 01, an endless
loop) while ``K`` busy processes per core spin, each stopping by itself after ``--load-seconds``
(``--cores N`` pins grading and load to N cores, leaving the others alone), with a CPU limit per
cell of ``--cpu-limit`` seconds: the honest solutions must keep full marks, since the limits that
decide count CPU time, which the load does not change, and the loop must still be stopped. It
prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

from coursetools.build import ROOT, build_env
from coursetools.grading.pipeline import grade

#: nbgrader's solution markers, as whole lines.
MARKER = re.compile(r"^[ \t]*### (BEGIN|END) SOLUTION[ \t]*\n?", re.MULTILINE)


def student_copy(assignment: str, name: str) -> dict:
    """The notebook a student who wrote the instructor's solution hands in: the release notebook (the
    copy students get) with each answer cell taken from ``solutions/`` without the solution markers.
    (``solutions/`` itself holds the markers and the hidden tests: the grader flags such a copy as
    the instructor's version.)"""
    release = json.loads((ROOT / "release" / assignment / name).read_text())
    solution = json.loads((ROOT / "solutions" / assignment / name).read_text())

    def gid(cell):
        return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")

    answers = {gid(c): "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
               for c in solution["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
    for cell in release["cells"]:
        if gid(cell) in answers and cell["cell_type"] == "code":
            cell["source"] = MARKER.sub("", answers[gid(cell)])
    return release


def scratch_course(base: Path, assignment: str, n: int) -> Path:
    course = base / "course"
    course.mkdir(parents=True)
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "source" / assignment, course / "source" / assignment)
    for nb in (ROOT / "solutions" / assignment).glob("*.ipynb"):
        text = json.dumps(student_copy(assignment, nb.name), indent=1)
        for i in range(n):
            dest = course / "submitted" / f"student{i:03d}" / assignment
            dest.mkdir(parents=True, exist_ok=True)
            (dest / nb.name).write_text(text)
    return course


class CpuMeter:
    """CPU seconds (user + system) of this process and every process under it while it runs.

    Polls the process tree (psutil) every 0.1 s and keeps each process's last reading, so kernels,
    checkers and sandboxes that exit between polls lose at most their last 0.1 s. Unlike wall time,
    a busy machine does not inflate it.
    """

    def __init__(self, exclude: set[int] = frozenset()):
        self._psutil, self._seen, self._stop = psutil, {}, threading.Event()
        self._exclude = set(exclude)  # processes that are not grading (the benchmark's own load)
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _poll(self) -> None:
        me = self._psutil.Process()
        for proc in [me, *me.children(recursive=True)]:
            if proc.pid in self._exclude:
                continue
            try:
                t = proc.cpu_times()
                self._seen[(proc.pid, proc.create_time())] = t.user + t.system
            except (self._psutil.NoSuchProcess, self._psutil.AccessDenied, self._psutil.ZombieProcess):
                pass

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self._poll()

    def __enter__(self):
        self._poll()
        self._start = sum(self._seen.values())
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self._poll()
        self.seconds = sum(self._seen.values()) - self._start


def time_grading(course: Path, assignment: str, workers: int, scheduler: str | None = None) -> float:
    shutil.rmtree(course / "autograded", ignore_errors=True)
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        results = grade(assignment, course, workers=workers, feedback=False, scheduler=scheduler)
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


def time_dask(course: Path, assignment: str, workers: int) -> float:
    """The grading command on a LocalCluster of ``workers`` processes (one thread each) on this machine."""
    import dask  # Dask is optional (only for the cluster rows): loaded when they run
    from distributed import LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)
    # Dask's scratch space goes with the course copy, which main() removes. local_directory= covers
    # only the workers: the scheduler reads dask's temporary-directory, and by default leaves
    # dask-scratch-space/ with global.lock and purge.lock in $TMPDIR.
    scratch = course / ".dask-scratch"
    with dask.config.set({"temporary-directory": str(scratch)}), \
            LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                         dashboard_address=None, local_directory=str(scratch)) as cluster:
        return time_grading(course, assignment, workers, scheduler=cluster.scheduler_address)


# -- on a loaded machine ---------------------------------------------------------------------------

#: One busy process: it spins until its time is up, then exits by itself.
SPIN = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end:\n    pass\n"


def busy_load(processes: int, seconds: float, cpus: set[int] | None = None) -> list[subprocess.Popen]:
    """``processes`` busy processes that spin for ``seconds`` and then stop by themselves (``stop_load``
    ends them sooner); ``cpus``: the cores they may run on (default: any)."""
    def pin():
        if cpus is not None:
            os.sched_setaffinity(0, cpus)

    # Each in a session of its own: with the scheduler's autogroups (Linux's default on many systems) a
    # session shares the CPU as one, and a kernel (in its own session) would barely see a load of one session.
    return [subprocess.Popen([sys.executable, "-I", "-c", SPIN.format(seconds=float(seconds))], preexec_fn=pin,
                             start_new_session=True) for _ in range(processes)]


def stop_load(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()
        p.wait()


ENDLESS_LOOP = "while True:\n    pass\n\n"


def under_load(assignments: list[str], factor: int, load_seconds: float, cpu_limit: float, workers: int,
               cores: int | None = None) -> dict:
    """Grade each assignment's honest solution (and an endless loop in the first) under a busy load of
    ``factor`` busy processes per core; ``cores``: grading and load both pinned to that many cores."""
    rows = []
    allowed = os.sched_getaffinity(0)
    cpus = set(sorted(allowed)[:cores]) if cores else set(allowed)
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as tmp:
        course = Path(tmp) / "course"
        course.mkdir()
        shutil.copy(ROOT / "nbgrader_config.py", course)
        with open(course / "nbgrader_config.py", "a") as fh:
            fh.write(f"\nc.TrustedExecute.cpu_limit = {cpu_limit}\n")
        for a in assignments:
            for folder in ("source", "release"):
                shutil.copytree(ROOT / folder / a, course / folder / a)
            for nb in (ROOT / "release" / a).glob("*.ipynb"):
                honest = student_copy(a, nb.name)
                students = {"honest": honest}
                if a == assignments[0]:
                    loop = json.loads(json.dumps(honest))
                    first = next(c for c in loop["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("solution"))
                    first["source"] = ENDLESS_LOOP + first["source"]
                    students["endless_loop"] = loop
                for student, content in students.items():
                    dest = course / "submitted" / student / a
                    dest.mkdir(parents=True, exist_ok=True)
                    (dest / nb.name).write_text(json.dumps(content, indent=1))
        load = busy_load(factor * len(cpus), load_seconds, cpus)
        os.sched_setaffinity(0, cpus)  # the grading workers and their kernels inherit it
        try:
            for a in assignments:
                started = time.perf_counter()
                with contextlib.redirect_stdout(io.StringIO()), CpuMeter(exclude={p.pid for p in load}) as meter:
                    results = grade(a, course, workers=workers, feedback=False)
                elapsed = time.perf_counter() - started
                running = sum(p.poll() is None for p in load)
                for r in results:
                    rows.append({"assignment": a, "student": r.student, "score": r.score, "max_score": r.max_score,
                                 "status": r.status, "reason": r.reason, "wall_s": round(elapsed, 1),
                                 "cpu_s": round(meter.seconds, 1), "load_processes_running": running,
                                 "load_average": round(os.getloadavg()[0], 1)})
        finally:
            os.sched_setaffinity(0, allowed)
            stop_load(load)
    honest = [r for r in rows if r["student"] == "honest"]
    loops = [r for r in rows if r["student"] == "endless_loop"]
    return {"cores": len(cpus), "machine_cores": os.cpu_count(), "load_processes": factor * len(cpus),
            "cpu_limit_s": cpu_limit,
            "honest_full_marks": sum(r["score"] == r["max_score"] > 0 and r["status"] == "graded" for r in honest),
            "honest": len(honest),
            "endless_loop_stopped": all(r["status"] == "check" and "CPU time limit" in r["reason"] for r in loops),
            "rows": rows}


def print_under_load(summary: dict) -> None:
    print(f"{summary['load_processes']} busy processes on the {summary['cores']} core(s) grading runs on (of "
          f"{summary['machine_cores']}), CPU limit {summary['cpu_limit_s']:g} s a cell")
    print(f"{'assignment':<20}{'student':<14}{'score':>9}  {'status':<8}{'wall s':>8}{'CPU s':>8}{'load':>6}  reason")
    for r in summary["rows"]:
        print(f"{r['assignment']:<20}{r['student']:<14}{r['score']:>5g}/{r['max_score']:<3g}  {r['status']:<8}"
              f"{r['wall_s']:>8.1f}{r['cpu_s']:>8.1f}{r['load_average']:>6.1f}  {r['reason']}")
    print(f"honest solutions with full marks: {summary['honest_full_marks']} of {summary['honest']}; endless loop "
          f"stopped: {summary['endless_loop_stopped']}")
    print(json.dumps({k: v for k, v in summary.items() if k != "rows"}))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--assignment", default="01_jax_array")
    parser.add_argument("--submissions", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-bare", action="store_true", help="skip the bare nbconvert run")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask runs")
    parser.add_argument("--dask-only", action="store_true", help="only the Dask runs (a quick look)")
    parser.add_argument("--repeat", type=int, default=1, help="run each grading configuration this many times, "
                        "interleaved, and keep the fastest (on a shared machine)")
    parser.add_argument("--under-load", type=int, metavar="K", help="grade every assignment's honest solution "
                        "(--assignment: only that one) while K busy processes per core spin")
    parser.add_argument("--load-seconds", type=float, default=900, help="each busy process stops by itself after "
                        "this long (default 900)")
    parser.add_argument("--cpu-limit", type=float, default=12, help="with --under-load: CPU seconds a cell may use")
    parser.add_argument("--cores", type=int, help="with --under-load: pin grading and load to this many cores "
                        "(default: all), leaving the others to the rest of the machine")
    args = parser.parse_args(argv)
    if args.under_load is not None:
        chosen = [args.assignment] if "--assignment" in (argv if argv is not None else sys.argv) else \
            sorted(p.name for p in (ROOT / "source").iterdir() if p.is_dir())
        summary = under_load(chosen, args.under_load, args.load_seconds, args.cpu_limit, args.workers, args.cores)
        print_under_load(summary)
        return 0 if summary["honest_full_marks"] == summary["honest"] and summary["endless_loop_stopped"] else 1
    load = os.getloadavg()[0]
    nan = float("nan")
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as tmp:
        course = scratch_course(Path(tmp), args.assignment, args.submissions)
        bare = nan if args.no_bare else time_bare(course, args.assignment)
        serial = parallel = dask_1 = dask_2 = cpu = dask_cpu = float("inf")
        for _ in range(args.repeat):  # interleaved, best of each: other load on the machine only adds
            if not args.dask_only:
                with CpuMeter() as meter:
                    serial = min(serial, time_grading(course, args.assignment, 1))
                cpu = min(cpu, meter.seconds)
                parallel = min(parallel, time_grading(course, args.assignment, args.workers))
            if not args.no_dask:
                with CpuMeter() as meter:
                    dask_1 = min(dask_1, time_dask(course, args.assignment, 1))
                dask_cpu = min(dask_cpu, meter.seconds)
            dask_2 = nan if args.no_dask else min(dask_2, time_dask(course, args.assignment, 2))
        if args.no_dask:
            dask_1 = dask_2 = dask_cpu = nan
        if args.dask_only:  # the CPU per submission then comes from the Dask run with 1 worker
            serial = parallel = nan
            cpu = dask_cpu
    n = args.submissions
    print(f"{args.submissions} submissions of {args.assignment} on {os.cpu_count()} cores, best of {args.repeat} "
          f"(load average {load:.2f} before, {os.getloadavg()[0]:.2f} after)")
    print(f"{'run':<32}{'seconds':>10}{'per notebook':>14}")
    for name, secs in [("bare nbconvert --execute", bare), ("grade, 1 worker", serial),
                       (f"grade, {args.workers} workers", parallel), ("grade on Dask, 1 worker", dask_1),
                       ("grade on Dask, 2 workers", dask_2)]:
        print(f"{name:<32}{secs:>10.1f}{secs / n:>14.2f}")
    print(f"parallel speed-up {serial / parallel:.2f}x; serial grading / bare execution {serial / bare:.2f}x")
    print(f"Dask: 2 workers {dask_1 / dask_2:.2f}x faster than 1 (target >= 1.7); 2 Dask workers / "
          f"{args.workers} local workers {dask_2 / parallel:.2f}x (target <= 1.15)")
    # 100 cores = 100 one-thread workers, each grading at the measured cost per submission; the
    # efficiency of going from 1 to 2 workers here is assumed for the cluster (memory, disk, gradebook).
    # The cost per submission is the serial run's CPU time (it does not grow when the machine is busy).
    per_sub = cpu / n
    efficiency = min(1.0, (dask_1 / dask_2) / 2) if dask_2 == dask_2 else min(1.0, serial / parallel / args.workers)
    efficiency = efficiency if efficiency == efficiency else 1.0
    estimate = 10_000 * per_sub / 100 / efficiency
    print(f"CPU per submission {per_sub:.2f} s (serial run: {cpu:.1f} s of CPU in {serial:.1f} s); on Dask with "
          f"1 worker {dask_cpu / n:.2f} s (its cluster's start and stop included)")
    print(f"estimate: 10,000 submissions of {args.assignment} on 100 cores ~ {estimate / 60:.0f} min "
          f"({per_sub:.2f} s of one core each, {efficiency:.0%} parallel efficiency)")

    def r(x: float):
        return None if x != x or x == float("inf") else round(x, 2)

    print(json.dumps({"serial_s": r(serial), "parallel_s": r(parallel), "workers": args.workers,
                      "per_notebook_s": r(serial / n), "bare_s": r(bare), "dask_1_s": r(dask_1),
                      "dask_2_s": r(dask_2), "cpu_per_submission_s": round(per_sub, 2),
                      "dask_cpu_per_submission_s": r(dask_cpu / n),
                      "estimate_10k_on_100_s": r(estimate), "submissions": n,
                      "assignment": args.assignment, "repeat": args.repeat,
                      "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
