"""Lesson 02's measuring and printing, kept out of the lesson so that it shows one call each.

- ``show_waits`` prints how long each of several uses of a freshly dispatched array kept Python
  waiting (the table of section 2);
- ``queue_chain`` dispatches a chain of calls and notes when each returned and when each result
  became ready (the timeline of section 2, drawn by ``lesson_figs.draw_dispatch_timeline``);
- ``dot_sweep``, ``print_sweep`` and ``plot_sweep`` time ``np.dot`` and ``jnp.dot`` (dispatch and
  completion) over several sizes, interleaved round by round, and report the minimum and median;
- ``show_guarded`` prints what ``jax.transfer_guard("disallow")`` says about each of several actions.

Each waits for everything it dispatched before it returns, so nothing is left running.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from jaxcourse.lesson_figs import plot_times, ready_times

Clock = Callable[[], float]
CURVES = ("np.dot", "jnp.dot dispatch", "jnp.dot completion")


def show_waits(make: Callable[[], Any], uses: dict[str, Callable[[Any], Any]],
               clock: Clock = time.perf_counter) -> None:
    """For each ``label: use``, print the milliseconds ``use(make())`` kept Python waiting.

    ``use`` first runs once on a finished result (so that what it compiles is not counted); then
    ``make()`` dispatches a fresh result, and the clock runs only around ``use`` of that result.
    """
    finished = jax.block_until_ready(make())
    for label, use in uses.items():
        use(finished)
        out = make()
        start = clock()
        use(out)
        waited = clock() - start
        jax.block_until_ready(out)  # nothing left running for the next line
        print(f"{label:<35} kept Python waiting {waited * 1e3:7.2f} ms")


def queue_chain(step: Callable[[Any], Any], x: Any, steps: int,
                clock: Clock = time.perf_counter) -> tuple[list[float], list[float]]:
    """Dispatch ``x = step(x)`` ``steps`` times; seconds since the first call at which each call
    returned, and at which each result became ready (polled with ``is_ready``, never blocking)."""
    start = clock()
    outs, returned = [], []
    for _ in range(steps):
        x = step(x)
        outs.append(x)
        returned.append(clock() - start)
    return returned, ready_times(outs, start, clock=clock)


def dot_sweep(a: np.ndarray, sizes: Sequence[int], rounds: int,
              clock: Clock = time.perf_counter) -> dict[str, dict[int, list[float]]]:
    """Seconds of every round, per curve of ``CURVES`` and size ``n``, for the ``n × n`` corner of
    ``a`` squared: ``np.dot`` on a float32 NumPy copy, ``jnp.dot`` on a copy already on the device
    (until it returns, and until its result is ready). Each round times every curve and size in
    turn, so a busy spell slows all of them alike; every size is run once, untimed, first."""
    corners = {n: np.ascontiguousarray(a[:n, :n], dtype=np.float32) for n in sizes}
    inputs = {n: (host, jax.device_put(host)) for n, host in corners.items()}
    for host, dev in inputs.values():
        np.dot(host, host)
        jax.block_until_ready(jnp.dot(dev, dev))
    sweep: dict[str, dict[int, list[float]]] = {name: {n: [] for n in sizes} for name in CURVES}
    for _ in range(rounds):
        for n, (host, dev) in inputs.items():
            start = clock()
            np.dot(host, host)
            sweep["np.dot"][n].append(clock() - start)
            start = clock()
            out = jnp.dot(dev, dev)
            sweep["jnp.dot dispatch"][n].append(clock() - start)
            out.block_until_ready()
            sweep["jnp.dot completion"][n].append(clock() - start)
    return sweep


def print_sweep(sweep: dict[str, dict[int, list[float]]]) -> None:
    """One line per size: the minimum and the median of its rounds, in ms, for every curve."""
    for n in next(iter(sweep.values())):
        rounds = len(next(iter(sweep.values()))[n])
        print(f"n = {n:4d}, ms (min / median of {rounds}):", ", ".join(
            f"{name} {min(s[n]) * 1e3:.3f} / {statistics.median(s[n]) * 1e3:.3f}" for name, s in sweep.items()))


def plot_sweep(sweep: dict[str, dict[int, list[float]]]) -> None:
    """Draw the minimum of each curve's rounds against the size (log-log)."""
    sizes = list(next(iter(sweep.values())))
    rounds = len(next(iter(sweep.values()))[sizes[0]])
    plot_times(sizes, {name: [min(s[n]) for n in sizes] for name, s in sweep.items()},
               "matrix size n (n × n float32 product)", f"fastest of {rounds} interleaved runs (ms)",
               "Dispatch is cheap and flat; the work is not")


def guard_outcome(action: Callable[[], Any]) -> str:
    """Run ``action()`` under ``jax.transfer_guard("disallow")``: ``"allowed"``, or the first
    line of the guard's ``JaxRuntimeError`` (up to the abstract value it names)."""
    with jax.transfer_guard("disallow"):
        try:
            jax.block_until_ready(action())
        except jax.errors.JaxRuntimeError as err:
            return str(err).splitlines()[0].split(": aval")[0]
    return "allowed"


def show_guarded(actions: dict[str, Callable[[], Any]]) -> None:
    """Print ``guard_outcome`` for each ``label: action``."""
    for label, action in actions.items():
        print(f"{label:<40} {guard_outcome(action)}")


__all__ = ["CURVES", "dot_sweep", "guard_outcome", "plot_sweep", "print_sweep", "queue_chain",
           "show_guarded", "show_waits"]
