"""Lesson 02's measuring and printing, kept out of the lesson so that it shows one call each.

- ``show_waits`` prints how long each of several uses of a freshly dispatched array kept Python
  waiting (the table of section 2);
- ``queue_chain`` dispatches a chain of calls and notes when each returned and when each result
  became ready (the timeline of section 2, drawn by ``lesson_figs.draw_dispatch_timeline``); of
  several tries it keeps the one least disturbed by other programs;
- ``draw_benchmark`` draws the benchmark recipe of section 3: what ``calls`` calls cost with JAX
  (transfer, compilation, steady-state calls) and with NumPy, one panel per input size;
- ``show_guarded`` prints what ``jax.transfer_guard("disallow")`` says about each of several actions.

Each waits for everything it dispatched before it returns, so nothing is left running.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import jax
import matplotlib.pyplot as plt
import numpy as np

from jaxcourse.lesson_figs import DPI, ready_times

Clock = Callable[[], float]


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


def queue_chain(step: Callable[[Any], Any], x: Any, steps: int, tries: int = 1,
                clock: Clock = time.perf_counter) -> tuple[list[float], list[float]]:
    """Dispatch ``x = step(x)`` ``steps`` times; seconds since the first call at which each call
    returned, and at which each result became ready (polled with ``is_ready``, never blocking).

    With ``tries`` > 1 the chain runs that many times and the try whose calls had all returned
    soonest is kept: on a busy machine Python itself may wait for a core, and a call that returns
    in a fraction of a millisecond on a quiet one can then take several.
    """
    best: tuple[list[float], list[float]] | None = None
    for _ in range(tries):
        start = clock()
        y, outs, returned = x, [], []
        for _ in range(steps):
            y = step(y)
            outs.append(y)
            returned.append(clock() - start)
        timed = returned, ready_times(outs, start, clock=clock)
        if best is None or returned[-1] < best[0][-1]:
            best = timed
    assert best is not None, "tries must be at least 1"
    return best


#: The phases of the benchmark recipe, in the order its bars stack them, and their colours.
PHASES = {"transfer": "C2", "compilation": "C3", "steady": "C0"}


def draw_benchmark(results: dict[int, dict[str, float]], calls: int = 100) -> None:
    """One panel per input size ``n``: what ``calls`` calls of the benchmarked function cost.

    ``results[n]`` holds seconds: ``transfer`` (the input to the device), ``compilation`` (the
    first call minus a steady one), ``steady`` (the median of warm, blocked calls) and ``numpy``
    (the median NumPy call). The JAX bar stacks transfer, compilation and ``calls`` steady calls,
    the NumPy bar ``calls`` NumPy calls; both totals are estimates from one run's medians, and each
    is written at the end of its bar.
    """
    fig, axes = plt.subplots(1, len(results), figsize=(9, 2.6), dpi=DPI)
    for ax, (n, r) in zip(np.atleast_1d(axes), results.items(), strict=True):
        left = 0.0
        for phase, colour in PHASES.items():
            width = max(r[phase], 0.0) * (calls if phase == "steady" else 1) * 1e3
            label = f"{calls} calls" if phase == "steady" else phase
            ax.barh(1, width, left=left, color=colour, label=label)
            left += width
        numpy_ms = r["numpy"] * calls * 1e3
        ax.barh(0, numpy_ms, color="C7", label=f"{calls} NumPy calls")
        for row, total in [(1, left), (0, numpy_ms)]:   # the totals, so that a tiny bar still shows
            ax.text(total, row, f" {total:,.0f} ms" if total >= 100 else f" {total:.3g} ms", va="center", fontsize=9)
        ax.set_xlim(0, 1.3 * max(left, numpy_ms))
        ax.set_yticks([0, 1], ["NumPy", "JAX"])
        ax.set_xlabel("milliseconds (one run's medians)")
        ax.set_title(f"n = {n:,}: a NumPy call takes {r['numpy'] / r['steady']:.2g} x a JAX call", fontsize=10)
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize=9, frameon=False)
    fig.suptitle(f"{calls} calls of one function: JAX pays transfer and compilation once (timings vary)",
                 fontsize=11)
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    plt.show()


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


__all__ = ["draw_benchmark", "guard_outcome", "queue_chain", "show_guarded", "show_waits"]
