"""The local backend: a pool of worker processes on this machine (default: one per core).

Each worker process runs ``worker.grade_submission`` for one submission at a time; a thread per
worker waits for its result, so a submission that runs past the time limit is reported as failed
without holding up the others.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from concurrent.futures import TimeoutError as FuturesTimeout

from coursetools.grading import worker
from coursetools.grading.backends import Backend, Run
from coursetools.grading.result import Result, failed


class LocalPool(Backend):
    name = "local"

    def __init__(self, run: Run, workers: int = 1):
        super().__init__(run)
        self.workers = max(1, workers)

    def grade(self, students: list[str], done: Callable[[Result], None]) -> None:
        if not students:
            return
        workers = min(self.workers, len(students))
        spawn = multiprocessing.get_context("spawn")  # a clean process: no JAX or nbgrader state inherited
        with ProcessPoolExecutor(workers, mp_context=spawn) as pool, ThreadPoolExecutor(workers) as waiters:
            futures = [waiters.submit(self._grade_one, pool, student) for student in students]
            for fut in as_completed(futures):
                done(fut.result())

    def close(self) -> None:
        """Nothing to let go of: the pool ends with each :meth:`grade`."""

    def _grade_one(self, pool: ProcessPoolExecutor, student: str) -> Result:
        run = self.run
        try:
            outcome = pool.submit(worker.grade_submission, str(run.course), run.assignment, student, run.sandboxed,
                                  run.db).result(timeout=run.timeout)
        except FuturesTimeout:
            return failed(student, f"grading took longer than {run.timeout:.0f} s")
        except BrokenExecutor as err:
            return failed(student, f"the grading worker crashed ({err.__class__.__name__})")
        return worker.result_of(student, outcome)
