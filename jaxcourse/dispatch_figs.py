"""Lesson 02's measuring and printing, kept out of the lesson so that it shows one call each.

- ``show_waits`` prints how long each of several uses of a freshly dispatched array kept Python
  waiting (the table of section 2);
- ``queue_chain`` dispatches a chain of calls and notes when each returned and when each result
  became ready (the timeline of section 2, drawn by ``lesson_figs.draw_dispatch_timeline``);
- ``show_guarded`` prints what ``jax.transfer_guard("disallow")`` says about each of several actions.

Each waits for everything it dispatched before it returns, so nothing is left running.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import jax

from jaxcourse.lesson_figs import ready_times

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


__all__ = ["guard_outcome", "queue_chain", "show_guarded", "show_waits"]
