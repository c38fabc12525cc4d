"""Lesson 01's drawing of an update: NumPy writes into the array's memory, ``.at[]`` makes a new array.

``draw_at_update(before, after, index)`` draws it from the arrays the lesson computed: on the left
one NumPy buffer before and after ``a[index] = ...`` (the same memory, the old value gone); on the
right the JAX array ``before``, unchanged, next to ``after`` (``before.at[index].set(...)``), a new
buffer whose other entries were copied. It shows itself at 100 dpi.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from jaxcourse.lesson_figs import DPI

_OLD, _NEW, _COPIED = "#deebf7", "#fdae6b", "0.9"


def _row(ax, values, y, colours, label):
    """One buffer: a box per entry, its value inside, ``label`` on its left."""
    for k, (value, colour) in enumerate(zip(values, colours, strict=True)):
        ax.add_patch(plt.Rectangle((k, y), 1, 0.8, facecolor=colour, edgecolor="black"))
        ax.text(k + 0.5, y + 0.4, str(value), ha="center", va="center", fontsize=10)
    ax.text(-0.3, y + 0.4, label, ha="right", va="center", fontsize=9)


def draw_at_update(before, after, index: int) -> None:
    """Left: ``a[index] = v`` in NumPy (one buffer, changed). Right: ``after = before.at[index].set(v)``
    in JAX (``before`` unchanged, ``after`` a new buffer: ``index`` written, the rest copied)."""
    before, after = np.asarray(before), np.asarray(after)
    n = before.shape[0]
    changed = [_NEW if k == index else _OLD for k in range(n)]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 2.0), dpi=DPI)
    _row(left, before, 1.4, [_OLD] * n, "a, before")
    _row(left, after, 0.0, changed, "a, after")
    left.annotate("", xy=(index + 0.5, 0.8), xytext=(index + 0.5, 1.4),
                  arrowprops={"arrowstyle": "-|>", "color": "C3"})
    left.text(n + 0.2, 0.75, "the same memory:\nthe old value is gone", va="center", fontsize=9)
    left.set_title(f"NumPy: a[{index}] = {after[index]} writes in place", fontsize=10)
    _row(right, before, 1.4, [_OLD] * n, "b")
    _row(right, after, 0.0, [_NEW if k == index else _COPIED for k in range(n)], "new array")
    for k in range(n):
        if k != index:
            right.annotate("", xy=(k + 0.5, 0.8), xytext=(k + 0.5, 1.4),
                           arrowprops={"arrowstyle": "-|>", "color": "0.5"})
    right.text(n + 0.2, 0.75, f"b unchanged;\n{n - 1} entries copied,\n1 written", va="center", fontsize=9)
    right.set_title(f"JAX: b.at[{index}].set({after[index]}) returns a new array", fontsize=10)
    for ax in (left, right):
        ax.set_xlim(-2.2, n + 3.2)
        ax.set_ylim(-0.1, 2.3)
        ax.set_aspect("equal")
        ax.axis("off")
    fig.tight_layout()
    plt.show()


__all__ = ["draw_at_update"]
