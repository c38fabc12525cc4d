"""Plumbing for lessons 04 and 05: tables of timings and checks, printed, so a lesson shows one call.

- ``time_sweep`` times several ways of doing one job over a few sizes and prints a row per way
  (lesson 04's loop/vmap/jit(vmap) timings; ``lesson_figs.plot_times`` draws the result);
- ``time_table`` times a few calls and prints one line per call: the fastest or the median;
- ``which_each`` asks ``jaxcourse.checks.which_transform`` about every image of a batch;
- ``top_level_primitives`` lists the primitives of a function's jaxpr, nested jaxprs left closed.

None of them computes what a lesson teaches: the timings come from ``jaxcourse.timing`` (warm-up,
wait for the result), the referee from ``jaxcourse.checks``.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Any

import jax
import numpy as np

from jaxcourse.checks import which_transform
from jaxcourse.timing import time_calls


def time_sweep(ways: dict[str, Callable[..., Any]], sizes: Sequence[int],
               args_for: Callable[[int], tuple], repeat: int = 15) -> dict[str, list[float]]:
    """Median seconds of ``repeat`` calls ``way(*args_for(n))`` (after one untimed call) for each way
    and each size ``n``; prints one row per way, in milliseconds, and returns the seconds."""
    seconds: dict[str, list[float]] = {name: [] for name in ways}
    for n in sizes:
        args = args_for(n)
        for name, way in ways.items():
            seconds[name].append(statistics.median(time_calls(way, *args, repeat=repeat)))
    for name, ts in seconds.items():
        print(f"{name:12s}", "  ".join(f"{t * 1e3:8.3f} ms" for t in ts))
    return seconds


def time_table(timed: dict[str, tuple], repeat: int = 15, fastest: bool = True) -> None:
    """Times each entry ``name: (f, *args)`` over ``repeat`` calls (after one untimed call) and prints
    one line per name: the fastest call (``fastest=True``: noise only adds time) or the median, in
    milliseconds. Returns nothing, so a lesson cell ends with the call and shows only the table."""
    summary = min if fastest else statistics.median
    seconds = {name: summary(time_calls(f, *args, repeat=repeat)) for name, (f, *args) in timed.items()}
    which = "fastest" if fastest else "median"
    for name, t in seconds.items():
        print(f"{name:22s} {t * 1e3:7.3f} ms ({which} of {repeat})")


def which_each(outs: Any, imgs: Any) -> list[int | None]:
    """``which_transform(out, img)`` for each image of the batch ``outs``; ``imgs`` is a batch of the
    same length, or one image that every ``out`` is compared with."""
    outs = np.asarray(outs)
    imgs = np.broadcast_to(np.asarray(imgs), outs.shape)
    return [which_transform(o, i) for o, i in zip(outs, imgs, strict=True)]


def top_level_primitives(fun: Callable[..., Any], *example_args: Any) -> list[str]:
    """The names of the primitives of ``fun``'s jaxpr for ``example_args``, in order; the jaxprs nested
    inside (a ``cond``'s branches, a ``jit`` call) are left closed."""
    return [eqn.primitive.name for eqn in jax.make_jaxpr(fun)(*example_args).eqns]
