"""Figures for lessons 02 and 04, drawn from values the lesson computed, and the polling they need.

- ``ready_times`` notes when each of a list of dispatched arrays became ready (lesson 02's timeline);
- ``draw_dispatch_timeline`` draws those times: what the host did, what the device did;
- ``draw_vmap_axes`` draws one ``jax.vmap`` call, every entry coloured by its batch index.

None of them times or computes what the lesson is about; each drawing shows itself at 100 dpi.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import matplotlib.pyplot as plt
import numpy as np

DPI = 100


def ready_times(arrays: Sequence, start: float, poll_s: float = 0.0002,
                clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """Seconds after ``start`` (a ``clock()`` reading) at which each array's ``is_ready()`` first
    answered True, polling every ``poll_s`` seconds until all are ready. It never blocks on a value."""
    ready: list[float | None] = [None] * len(arrays)
    while any(t is None for t in ready):
        for k, arr in enumerate(arrays):
            if ready[k] is None and arr.is_ready():
                ready[k] = clock() - start
        time.sleep(poll_s)
    return ready


def draw_dispatch_timeline(returned: Sequence[float], ready: Sequence[float]) -> None:
    """Host row: when each of a chain of calls returned; device row: when each result was computed.

    ``returned[k]`` and ``ready[k]`` are seconds since the first call. Result ``k`` of a chain
    cannot start before it was queued nor before result ``k - 1`` was ready, so its bar starts at
    the later of the two.
    """
    steps = len(returned)
    began = [max(returned[k], ready[k - 1] if k else 0.0) for k in range(steps)]
    ms = 1e3
    fig, ax = plt.subplots(figsize=(9, 2.6), dpi=DPI)
    previous = 0.0
    for k in range(steps):
        ax.broken_barh([(previous * ms, (returned[k] - previous) * ms)], (1.6, 0.8), color=f"C{k}")
        ax.broken_barh([(began[k] * ms, (ready[k] - began[k]) * ms)], (0.1, 0.8), color=f"C{k}", alpha=0.8)
        ax.text((began[k] + ready[k]) / 2 * ms, 0.5, f"product {k + 1}", ha="center", va="center", fontsize=9)
        previous = returned[k]
    ax.broken_barh([(returned[-1] * ms, (ready[-1] - returned[-1]) * ms)], (1.6, 0.8), color="0.85", hatch="//")
    ax.text((returned[-1] + ready[-1]) / 2 * ms, 2.0, "Python waits for the results", ha="center",
            va="center", fontsize=9)
    ax.annotate(f"all {steps} calls dispatched", xy=(returned[-1] * ms, 2.4),
                xytext=(returned[-1] * ms + 0.03 * ready[-1] * ms, 2.9), fontsize=9,
                arrowprops={"arrowstyle": "->"})
    ax.set_yticks([0.5, 2.0], ["device", "host (Python)"])
    ax.set_ylim(0, 3.3)
    ax.set_xlabel("milliseconds since the first call")
    ax.set_title(f"Python queues {steps} products almost at once; the device works through them in turn",
                 fontsize=11)
    fig.tight_layout()
    plt.show()


_WHAT = {0: "example k = row k", 1: "example k = column k", None: "the same for every example"}


def _draw_array(ax, arr, batch_axis, title):
    """One square per entry, coloured by its batch index (grey: not batched), its value inside."""
    arr = np.atleast_2d(np.asarray(arr))
    rows, cols = np.indices(arr.shape)
    colour = np.full(arr.shape, -1) if batch_axis is None else (rows, cols)[batch_axis]
    palette = plt.get_cmap("Pastel1")
    ax.imshow([[palette(c) if c >= 0 else (0.85, 0.85, 0.85, 1.0) for c in row] for row in colour])
    for (r, c), value in np.ndenumerate(arr):
        ax.text(c, r, str(value), ha="center", va="center", fontsize=10)
    ax.set_xticks(range(arr.shape[1]))
    ax.set_yticks(range(arr.shape[0]) if arr.shape[0] > 1 else [])
    ax.set_ylabel("axis 0" if arr.shape[0] > 1 else "")
    ax.set_xlabel("axis 1" if arr.shape[0] > 1 else "axis 0")
    ax.set_title(title, fontsize=10)


def draw_vmap_axes(named_inputs: dict, in_axes: Sequence[int | None], result, out_axes: int,
                   title: str) -> None:
    """One panel per input (1-D or 2-D, its ``in_axes`` entry 0, 1 or None) and one for ``result``
    (its batch axis ``out_axes``, 0 or 1): each entry coloured by the example it belongs to."""
    panels = [(name, arr, ax, "in_axes") for (name, arr), ax in zip(named_inputs.items(), in_axes, strict=True)]
    panels.append(("result", result, out_axes, "out_axes"))
    widths = [np.atleast_2d(np.asarray(arr)).shape[1] for _, arr, _, _ in panels]
    fig, axes = plt.subplots(1, len(panels), figsize=(9, 3.2), dpi=DPI, gridspec_kw={"width_ratios": widths})
    for ax, (name, arr, axis, which) in zip(axes, panels, strict=True):
        _draw_array(ax, arr, axis, f"{name} {tuple(np.shape(arr))}: {which}={axis}\n{_WHAT[axis]}")
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    plt.show()
