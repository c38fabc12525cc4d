"""Plumbing for lessons 04 and 05: tables of timings and checks, printed, so a lesson shows one call.

- ``time_sweep`` times several ways of doing one job over a few sizes and prints a row per way
  (lesson 04's loop/vmap/jit(vmap) timings);
- ``time_table`` times a few calls and prints one line per call: the fastest or the median;
- ``which_each`` asks ``jaxcourse.checks.which_transform`` about every image of a batch;
- ``top_level_primitives`` lists the primitives of a function's jaxpr, nested jaxprs left closed;
- ``print_eqns`` prints a jaxpr's equations one a line, with only the parameters a lesson discusses.

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
    """Times each entry ``name: (f, *args)`` over ``repeat`` calls (after one untimed call each) and
    prints one line per name: the fastest call (``fastest=True``: noise only adds time) or the
    median, in milliseconds. The calls are interleaved (one of each entry, ``repeat`` rounds), so a
    burst of load on the machine slows every entry alike instead of one. Returns nothing, so a
    lesson cell ends with the call and shows only the table."""
    for f, *args in timed.values():
        time_calls(f, *args, repeat=1, warmup=0)  # compiles and warms up; not kept
    calls: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(repeat):
        for name, (f, *args) in timed.items():
            calls[name] += time_calls(f, *args, repeat=1, warmup=0)
    summary = min if fastest else statistics.median
    which = "fastest" if fastest else "median"
    for name, ts in calls.items():
        print(f"{name:22s} {summary(ts) * 1e3:7.3f} ms ({which} of {repeat})")


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


def _letters(k: int) -> str:
    """0 -> a, 25 -> z, 26 -> ba, ...: the names jaxprs give their variables."""
    name = ""
    while True:
        name = chr(ord("a") + k % 26) + name
        k //= 26
        if k == 0:
            return name


def _param(value: Any, nested: bool = False) -> str:
    """A parameter as the jaxpr printer writes it: tuples of ints inside a tuple become lists."""
    if isinstance(value, tuple):
        if nested and all(isinstance(v, int) for v in value):
            return "[" + ", ".join(map(str, value)) + "]"
        parts = [_param(v, nested=True) for v in value]
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    return str(value)


def print_eqns(jaxpr: Any, params: Sequence[str] = (), indent: str = "",
               _names: dict[Any, str] | None = None) -> None:
    """Prints ``jaxpr`` (from ``jax.make_jaxpr``) as the jaxpr printer does, without colours: the
    input binders (``{ lambda ; a:i32[5,4] b:i32[5,4]. let``), the equations one a line
    (``c:i32[5] = dot_general a b``) with only the parameters named in ``params``, and the ``in``
    line of outputs. The equations of a nested jaxpr (a ``jit`` call) follow its line, indented, with
    the names of the outer call's inputs and outputs. Returns nothing."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    top = _names is None
    names: dict[Any, str] = {} if _names is None else _names

    def name(v: Any) -> str:
        if hasattr(v, "val"):  # a literal carries its value
            return str(v.val)
        if v not in names:
            names[v] = _letters(len(set(names.values())))
        return names[v]

    def typed(v: Any) -> str:
        return f"{name(v)}:{v.aval.str_short(short_dtypes=True)}"

    if top:
        print("{ lambda ; " + " ".join(typed(v) for v in jaxpr.invars) + ". let")
        indent += "    "
    for eqn in jaxpr.eqns:
        ins = " ".join(name(v) for v in eqn.invars)
        outs = " ".join(typed(v) for v in eqn.outvars)
        shown = " ".join(f"{p}={_param(eqn.params[p])}" for p in params if p in eqn.params)
        print(f"{indent}{outs} = {eqn.primitive.name}{f'[{shown}]' if shown else ''} {ins}")
        inner = eqn.params.get("jaxpr")
        if inner is not None:
            inner = getattr(inner, "jaxpr", inner)
            for outer_v, inner_v in [*zip(eqn.invars, inner.invars, strict=False),
                                     *zip(eqn.outvars, inner.outvars, strict=False)]:
                if not hasattr(outer_v, "val") and not hasattr(inner_v, "val") and inner_v not in names:
                    names[inner_v] = name(outer_v)
            print_eqns(inner, params, indent + "    ", names)
    if top:
        outs = ", ".join(name(v) for v in jaxpr.outvars)
        print(f"  in ({outs}{',' if len(jaxpr.outvars) == 1 else ''}) }}")
