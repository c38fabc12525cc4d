"""Honest timings of JAX code: warm up first, wait for the result, report the median.

JAX dispatches work asynchronously: a call returns as soon as the work is queued, long before the
numbers exist. A timing that stops the clock when the call returns measures the dispatch, not the
computation. Every helper here therefore waits with ``jax.block_until_ready`` (on every leaf of
whatever pytree ``f`` returns) before it reads the clock, runs ``f`` untimed first so that tracing
and compilation stay out of the numbers, and summarises repeated runs by their median, which one
slow run (another process, a garbage collection) cannot drag away::

    from jaxcourse.timing import median_time
    seconds = median_time(jax.jit(f), x, repeat=7)

``clock`` is any function returning seconds as a float (``time.perf_counter`` by default); tests
pass an instrumented one.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import jax

Clock = Callable[[], float]


def _check_counts(repeat: int, warmup: int) -> None:
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if warmup < 0:
        raise ValueError(f"warmup must be at least 0, got {warmup}")


def _warm_up(f: Callable[..., Any], args: tuple, warmup: int) -> None:
    for _ in range(warmup):
        jax.block_until_ready(f(*args))


def time_calls(f: Callable[..., Any], *args: Any, repeat: int = 5, warmup: int = 1,
               clock: Clock = time.perf_counter) -> list[float]:
    """Seconds each of ``repeat`` calls ``f(*args)`` takes until its whole result is ready.

    The first ``warmup`` calls run (and are waited for) without being timed.
    """
    _check_counts(repeat, warmup)
    _warm_up(f, args, warmup)
    durations = []
    for _ in range(repeat):
        start = clock()
        jax.block_until_ready(f(*args))
        durations.append(clock() - start)
    return durations


def median_time(f: Callable[..., Any], *args: Any, repeat: int = 5, warmup: int = 1,
                clock: Clock = time.perf_counter) -> float:
    """Median seconds a call ``f(*args)`` takes until its result is ready, after ``warmup`` calls."""
    return statistics.median(time_calls(f, *args, repeat=repeat, warmup=warmup, clock=clock))


def dispatch_and_completion(f: Callable[..., Any], *args: Any, repeat: int = 5, warmup: int = 1,
                            clock: Clock = time.perf_counter) -> tuple[float, float]:
    """Median seconds until ``f(*args)`` returns (dispatch) and until its result is ready (completion).

    Both are measured from the same starting point, so completion >= dispatch for every call.
    """
    _check_counts(repeat, warmup)
    _warm_up(f, args, warmup)
    dispatched, completed = [], []
    for _ in range(repeat):
        start = clock()
        out = f(*args)
        returned = clock()
        jax.block_until_ready(out)
        ready = clock()
        dispatched.append(returned - start)
        completed.append(ready - start)
    return statistics.median(dispatched), statistics.median(completed)
