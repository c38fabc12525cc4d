"""Figures for lesson 03 (``jit`` and tracing), drawn from events the lesson counted, not from clocks.

- ``call_phases`` calls a jitted function on a list of arguments and notes, for each call, which of
  JAX's compilation steps ran (trace, lower, compile), from the events that ``jax.monitoring``
  reports; every call then runs;
- ``draw_call_timeline`` draws those calls on one schematic timeline;
- ``draw_bucket_traces`` draws lengths padded to buckets, and how many traces a stream of calls
  needed with exact lengths and with buckets (counted by the lesson).

The timeline's widths are schematic (the same for every machine), so the figure does not change
with the machine's load; the lesson prints measured times next to it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence

import jax
import matplotlib.pyplot as plt
import numpy as np

DPI = 100

#: The ``jax.monitoring`` duration events of a first call, and the step each one marks.
PHASE_EVENTS = {
    "/jax/core/compile/jaxpr_trace_duration": "trace",
    "/jax/core/compile/jaxpr_to_mlir_module_duration": "lower",
    "/jax/core/compile/backend_compile_duration": "compile",
    # with a persistent compilation cache, a hit loads the executable instead of compiling it
    "/jax/compilation_cache/cache_retrieval_time_sec": "compile",
}
PHASES = ("trace", "lower", "compile", "run")
#: Schematic widths of the steps on the timeline (not measured: compile is widest, run narrowest).
WIDTHS = {"trace": 1.2, "lower": 1.2, "compile": 3.0, "run": 0.6}
COLOURS = {"trace": "C0", "lower": "C2", "compile": "C3", "run": "C1"}


@contextlib.contextmanager
def phase_events() -> Iterator[list[tuple[str, float]]]:
    """Inside the block, collect ``(step, seconds)`` for every trace, lower and compile that JAX reports."""
    events: list[tuple[str, float]] = []

    def listen(name: str, seconds: float, **_: object) -> None:
        if name in PHASE_EVENTS:
            events.append((PHASE_EVENTS[name], seconds))

    jax.monitoring.register_event_duration_secs_listener(listen)
    try:
        yield events
    finally:
        jax.monitoring.unregister_event_duration_listener(listen)


def call_phases(f: Callable, calls: Sequence[tuple]) -> list[tuple[str, ...]]:
    """Call ``f(*args)`` for each ``args`` in ``calls``, in order, waiting for each result.

    Returns, per call, the steps it went through in the order of ``PHASES``: some of trace, lower
    and compile (a step counted once however often it fired, as for a function jitted inside
    ``f``), then always ``"run"``. Build the arguments before calling: creating an array may
    compile a small program of its own.
    """
    phases = []
    for args in calls:
        with phase_events() as events:
            jax.block_until_ready(f(*args))
        fired = {step for step, _ in events}
        phases.append(tuple(step for step in PHASES if step in fired or step == "run"))
    return phases


def draw_call_timeline(phases: Sequence[Sequence[str]], labels: Sequence[str],
                       title: str = "What each call of a jitted function does") -> None:
    """One row per call (top to bottom, in call order), its steps as boxes on a schematic time axis."""
    if len(phases) != len(labels):
        raise ValueError(f"{len(phases)} calls but {len(labels)} labels")
    fig, ax = plt.subplots(figsize=(9, 0.5 + 0.45 * len(phases)), dpi=DPI)
    start = 0.0
    for row, steps in enumerate(phases):
        y = len(phases) - 1 - row
        for step in steps:
            ax.broken_barh([(start, WIDTHS[step])], (y - 0.35, 0.7), color=COLOURS[step], alpha=0.85)
            ax.text(start + WIDTHS[step] / 2, y, step, ha="center", va="center", fontsize=9)
            start += WIDTHS[step]
        if steps == ("run",):
            ax.text(start + 0.15, y, "cache hit: no trace, no compile", va="center", fontsize=9, color="0.35")
        start += 0.15
    ax.set_yticks(range(len(phases)), list(labels)[::-1])
    ax.set_xticks([])
    ax.set_xlim(0, start + 4.0)
    ax.set_xlabel("time, schematic: not to scale (compiling takes far longer than a run)")
    ax.set_title(title, fontsize=11)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    fig.tight_layout()
    plt.show()


def draw_bucket_traces(lengths: Sequence[int], padded: Sequence[int], traces: dict[str, Sequence[int]]) -> None:
    """Left: each sequence's length and its padding up to its bucket. Right: traces so far, per call.

    ``lengths[k]`` is call k's real length, ``padded[k]`` the bucket it was padded to; ``traces``
    maps a name ("exact lengths", "buckets") to the number of traces so far after each call.
    """
    if len(lengths) != len(padded) or any(len(t) != len(lengths) for t in traces.values()):
        raise ValueError("lengths, padded and every list of traces must have one entry per call")
    calls = np.arange(1, len(lengths) + 1)
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.2), dpi=DPI)
    left.bar(calls, lengths, color="C0", label="real values")
    left.bar(calls, np.asarray(padded) - np.asarray(lengths), bottom=lengths, color="0.8", label="padding")
    for size in sorted(set(padded)):
        left.axhline(size, color="0.5", lw=0.6, ls=":")
    left.set_xlabel("call")
    left.set_ylabel("length")
    left.set_title("Each sequence padded to its bucket", fontsize=10)
    left.set_ylim(0, 1.35 * max(padded))
    left.legend(fontsize=8, loc="upper left", ncols=2)
    for k, (name, counts) in enumerate(traces.items()):
        right.step(calls, counts, where="post", color=f"C{k + 3}", label=f"{name}: {counts[-1]} traces")
    right.set_xlabel("call")
    right.set_ylabel("traces so far")
    right.set_title("Traces (each one a compilation) as calls arrive", fontsize=10)
    right.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    plt.show()


__all__ = ["PHASES", "call_phases", "draw_bucket_traces", "draw_call_timeline", "phase_events"]
