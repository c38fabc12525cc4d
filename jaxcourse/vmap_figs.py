"""Lesson 04's drawing of per-example gradients, drawn from values the lesson computed.

``draw_per_example_grads`` draws a batch's gradients (one arrow per example, in a plane of two
weights) before and after each was clipped to a length, each panel with the mean of its arrows:
what one gradient of the mean loss hides, and what clipping every example's gradient changes.
It computes nothing the lesson is about and shows itself at 100 dpi.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

DPI = 100


def _limits(vectors: np.ndarray, radius: float, pad: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The x and y ranges that hold every tip, the origin and the circle of ``radius``, padded by ``pad``."""
    low = np.minimum(vectors.min(axis=0), -radius)
    high = np.maximum(vectors.max(axis=0), radius)
    margin = pad * (high - low).max()
    return (low[0] - margin, high[0] + margin), (low[1] - margin, high[1] + margin)


def _arrows(ax, vectors: np.ndarray, title: str, radius: float) -> None:
    """One arrow per row of ``vectors`` from the origin (colour k for example k), numbered where it is
    long enough not to crowd the others, and their mean in black; the panel holds them and the circle."""
    (x0, x1), (y0, y1) = _limits(vectors, radius, 0.08)
    shortest = 0.06 * max(x1 - x0, y1 - y0)  # shorter arrows go unnumbered: their labels would overlap
    for k, (u, v) in enumerate(vectors):
        ax.annotate("", xy=(u, v), xytext=(0, 0), arrowprops={"arrowstyle": "->", "color": f"C{k % 10}", "lw": 1.5})
        length = np.hypot(u, v)
        if length >= shortest:  # the number just past the tip, in the arrow's direction
            ax.annotate(str(k), xy=(u, v), xytext=(8 * u / length, 8 * v / length), textcoords="offset points",
                        fontsize=8, color=f"C{k % 10}", ha="center", va="center")
    mean = vectors.mean(axis=0)
    ax.annotate("", xy=tuple(mean), xytext=(0, 0), arrowprops={"arrowstyle": "-|>", "color": "black", "lw": 2.5})
    ax.text(*mean, "  mean", fontsize=9, fontweight="bold", va="bottom")
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.axhline(0, color="0.85", lw=0.8, zorder=0)
    ax.axvline(0, color="0.85", lw=0.8, zorder=0)
    ax.set_xlabel("gradient for w[0]")
    ax.set_ylabel("gradient for w[1]")
    ax.set_title(title, fontsize=10)


def draw_per_example_grads(grads, clipped, max_norm: float) -> None:
    """Left: the per-example gradients ``grads`` (shape ``(n, 2)``) and their mean, which is the
    gradient of the mean loss. Right: ``clipped`` (the same, each scaled to length ``max_norm`` at
    most), zoomed in, and their mean; both panels draw the circle of radius ``max_norm``."""
    grads, clipped = np.asarray(grads, dtype=float), np.asarray(clipped, dtype=float)
    if grads.ndim != 2 or grads.shape[1] != 2 or clipped.shape != grads.shape:
        raise ValueError(f"expected two (n, 2) arrays, got {grads.shape} and {clipped.shape}")
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.5), dpi=DPI)
    _arrows(left, grads, f"{len(grads)} per-example gradients", max_norm)
    _arrows(right, clipped, f"each clipped to length {max_norm:g} (zoomed in)", max_norm)
    for ax in (left, right):  # the same circle in both panels gives the scale
        ax.add_patch(plt.Circle((0, 0), max_norm, fill=False, ls="--", color="0.5"))
    fig.suptitle("jax.vmap(jax.grad(loss)): one gradient per example, not only their mean", fontsize=11)
    fig.tight_layout()
    plt.show()
