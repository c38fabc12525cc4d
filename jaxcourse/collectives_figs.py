"""Figures for lesson 07: what each device holds before and after a collective.

Every function draws values a lesson computed (one row per device) or, for ``varying_figure``, a
fixed diagram; none computes a collective itself. Each shows its Matplotlib figure (100 dpi) with
``plt.show()``, so a lesson's cell is the one call.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import FancyArrowPatch, Rectangle

DPI = 100
_BOX = dict(facecolor="#dbe9f6", edgecolor="#2b5d8a")


def _device_column(ax, x, values, label, color="#dbe9f6"):
    """One box per device at horizontal position ``x``, its value written inside, device 0 on top."""
    for d, v in enumerate(values):
        ax.add_patch(Rectangle((x - 0.4, -d - 0.4), 0.8, 0.8, facecolor=color, edgecolor="#2b5d8a"))
        ax.text(x, -d, f"{v:g}", ha="center", va="center", fontsize=9)
    ax.text(x, 0.75, label, ha="center", va="bottom", fontsize=9)


def _frame(ax, n, xmax):
    ax.set_xlim(-1.4, xmax + 0.6)
    ax.set_ylim(-n + 0.3, 1.4)
    for d in range(n):
        ax.text(-0.9, -d, f"device {d}", ha="right", va="center", fontsize=8)
    ax.axis("off")


def _ppermute_panel(ax, before, after, perm):
    """Each device's value before and after ``lax.ppermute``, an arrow for every (source, destination)."""
    n = len(before)
    _device_column(ax, 0, before, "before")
    _device_column(ax, 3, after, "after ppermute", color="#fde2c8")
    for src, dst in perm:
        ax.add_patch(FancyArrowPatch((0.45, -src), (2.55, -dst), arrowstyle="->", mutation_scale=10,
                                     color="#b5531b", lw=1.2, connectionstyle="arc3,rad=0.0"))
    _frame(ax, n, 3)


def _psum_scatter_panels(axes, rows, kept, titles):
    """Left: each device's vector (one row each). Right: the block of the column sums each device keeps."""
    n, m = rows.shape
    per = kept.shape[1]
    colors = plt.get_cmap("tab10")
    for ax, title in zip(axes, titles, strict=True):
        ax.set_xlim(-0.6, m - 0.4)
        ax.set_ylim(-n + 0.3, 1.4)  # rows line up with the ppermute panel beside them
        ax.axis("off")
        ax.set_title(title, fontsize=9)
    for d in range(n):
        for j in range(m):
            axes[0].add_patch(Rectangle((j - 0.4, -d - 0.4), 0.8, 0.8, facecolor=colors(j // per % 10),
                                        alpha=0.25, edgecolor="grey"))
            axes[0].text(j, -d, f"{rows[d, j]:g}", ha="center", va="center", fontsize=8)
        for k in range(per):
            j = d * per + k
            axes[1].add_patch(Rectangle((j - 0.4, -d - 0.4), 0.8, 0.8, facecolor=colors(d % 10),
                                        alpha=0.5, edgecolor="black"))
            axes[1].text(j, -d, f"{kept[d, k]:g}", ha="center", va="center", fontsize=8)


def ppermute_and_psum_scatter(before, after, perm, rows, kept):
    """One figure, one row per device (device 0 on top). Left: each device's value before and after
    ``lax.ppermute`` with an arrow per ``(source, destination)`` of ``perm``. Middle and right: each
    device's vector ``rows[d]``, and the block of the column sums that ``lax.psum_scatter(..., tiled=True)``
    leaves it (``kept``, all devices' blocks one after another, as ``out_specs=jax.P(axis)`` joins them)."""
    before, after, rows = (np.asarray(a) for a in (before, after, rows))
    n, m = rows.shape
    kept = np.asarray(kept).reshape(n, -1)  # row d: the block device d keeps
    fig, axes = plt.subplots(1, 3, figsize=(9, min(3.5, 0.3 * n + 1.2)), dpi=DPI, layout="constrained",
                             width_ratios=[4.8, max(m, 3), max(m, 3)])
    _ppermute_panel(axes[0], before, after, perm)
    axes[0].set_title("ppermute:\neach pair sends one value", fontsize=9)
    _psum_scatter_panels(axes[1:], rows, kept, ["psum_scatter, before:\neach device's partial sums",
                                                "after: device d keeps\nblock d of the total"])
    plt.show()


def varying_figure(n=4):
    """Diagram: an invariant parameter feeds ``n`` devices' losses; autodiff sums their gradients (psum)."""
    fig, ax = plt.subplots(figsize=(9, 3.4), dpi=DPI, layout="constrained")
    ax.set_xlim(0, 10)
    ax.set_ylim(-0.6, n + 0.2)
    ax.axis("off")
    mid = (n - 1) / 2

    def box(x, y, text, face, w=1.5, h=0.6):
        ax.add_patch(Rectangle((x - w / 2, y - h / 2), w, h, facecolor=face, edgecolor="#333333"))
        ax.text(x, y, text, ha="center", va="center", fontsize=8)

    def arrow(a, b, color="#333333"):
        ax.add_patch(FancyArrowPatch(a, b, arrowstyle="->", mutation_scale=10, color=color, lw=1.1))

    invariant, varying = "#dbe9f6", "#fde2c8"
    box(1.0, mid, "params\ninvariant", invariant, h=0.9)
    box(8.9, mid, "gradient\ninvariant", invariant, h=0.9)
    for d in range(n):
        y = n - 1 - d
        box(3.3, y, f"loss on device {d}\nvarying", varying, w=1.9)
        box(6.4, y, f"d loss / d params\non device {d}: varying", varying, w=2.2)
        arrow((1.75, mid), (2.35, y))
        arrow((4.25, y), (5.3, y), color="#b5531b")
        arrow((7.5, y), (8.15, mid), color="#b5531b")
    ax.text(1.9, n - 0.35, "forward: the same value\nused on every device", fontsize=8, ha="left")
    ax.text(7.65, n - 0.35, "backward: autodiff adds the\ndevices' parts (a psum)", fontsize=8, ha="left",
            color="#b5531b")
    ax.text(5.0, -0.55, "blue: the same on every device (no V in the type); orange: varies ({V:batch})",
            fontsize=8, ha="center")
    ax.set_title("Inside shard_map: the gradient of an invariant value is summed over the devices", fontsize=10)
    plt.show()
