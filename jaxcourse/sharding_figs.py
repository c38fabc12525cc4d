"""Figures for lesson 06: which part of an array each device gets, and where each block lives.

- ``slice_or_block`` draws what ``jax.pmap`` hands each device (one slice of a leading device axis:
  the function sees one axis fewer) beside what ``jax.shard_map`` hands it (one block of the flat
  batch: the function sees as many axes as the whole);
- ``placements`` is the course's own drawing of ``jax.debug.visualize_array_sharding`` (which needs
  the ``rich`` package): for each 2-D array, the blocks its sharding cuts it into, each labelled
  with the devices that hold it.

Both draw what a lesson measured (shapes it recorded, shardings of arrays it made) and compute
nothing themselves. Each shows its Matplotlib figure (100 dpi, at most 9 x 3.5 inches) with
``plt.show()``, so a lesson's cell is the one call.

The lesson's plumbing, so each of its cells reads as one or two calls:

- ``first_calls`` times and prints the first call of each fresh function (tracing and compiling);
- ``collectives`` names the communication in a function's compiled program (its HLO text);
- ``device_titles`` titles the first image of each device's block with that device;
- ``record_shapes`` wraps a function so that it records the shape it is handed while tracing;
- ``pmap_stacked`` runs a per-device function with ``jax.pmap`` on a batch stacked as 2022 code did;
- ``repeats_of_first`` counts the devices whose run of labels repeats device 0's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import FancyArrowPatch, Rectangle

DPI = 100
_EDGE = "#2b5d8a"
_DEVICE = "#fde2c8"


def _shape(shape: Sequence[int]) -> str:
    return "(" + ", ".join(str(int(s)) for s in shape) + ")"


def _devices_column(ax, n, x, seen):
    """One box per device at horizontal position ``x``, device 0 on top, the shape its function saw."""
    for d in range(n):
        ax.add_patch(Rectangle((x, -d - 0.42), 2.6, 0.84, facecolor=_DEVICE, edgecolor=_EDGE))
        ax.text(x + 1.3, -d, f"device {d}: f sees {_shape(seen)}", ha="center", va="center", fontsize=7)


def _arrow(ax, start, end):
    ax.add_patch(FancyArrowPatch(start, end, arrowstyle="->", mutation_scale=8, color="#b5531b", lw=1))


def slice_or_block(n: int, pmap_in: Sequence[int], pmap_seen: Sequence[int], shard_in: Sequence[int],
                   shard_seen: Sequence[int]):
    """Two panels, one row per device (device 0 on top). Left: ``pmap`` cuts its input of shape
    ``pmap_in`` (leading axis: one entry per device) into slices; device ``d`` gets slice ``[d]`` and
    its function sees ``pmap_seen`` (one axis fewer). Right: ``shard_map`` cuts the flat input of shape
    ``shard_in`` into ``n`` blocks along its first axis; its function sees ``shard_seen`` (same rank)."""
    if len(pmap_seen) != len(pmap_in) - 1 or len(shard_seen) != len(shard_in):
        raise ValueError("pmap's function sees one axis fewer than its input; shard_map's sees as many")
    fig, axes = plt.subplots(1, 2, figsize=(9, min(3.5, 0.32 * n + 1.3)), dpi=DPI, layout="constrained")
    titles = [f"jax.pmap: input {_shape(pmap_in)}\nslice [d] to device d: one axis fewer (rank-reducing)",
              f"jax.shard_map, in_specs=P('batch'): input {_shape(shard_in)}\n"
              "block d to device d: as many axes (rank-preserving)"]
    for k, ax in enumerate(axes):
        for d in range(n):
            if k == 0:  # a slice: one entry of the leading axis, drawn as a thin bar
                ax.add_patch(Rectangle((0, -d - 0.42), 1.6, 0.84, facecolor="#dbe9f6", edgecolor=_EDGE))
                ax.text(0.8, -d, f"[{d}]", ha="center", va="center", fontsize=8)
            else:  # a block: consecutive rows of one tall batch, no gap between them
                ax.add_patch(Rectangle((0, -d - 0.5), 1.6, 1.0, facecolor="#dbe9f6", edgecolor=_EDGE))
                rows = shard_in[0] // n
                label = f"row {d}" if rows == 1 else f"rows {d * rows}-{(d + 1) * rows - 1}"
                ax.text(0.8, -d, label, ha="center", va="center", fontsize=7)
            _arrow(ax, (1.65, -d), (2.55, -d))
        _devices_column(ax, n, 2.6, pmap_seen if k == 0 else shard_seen)
        ax.set_xlim(-0.1, 5.3)
        ax.set_ylim(-n + 0.4, 0.6)
        ax.axis("off")
        ax.set_title(titles[k], fontsize=8)
    plt.show()


def _blocks(array) -> dict[tuple[int, int, int, int], list[int]]:
    """{(row0, row1, col0, col1): ids of the devices holding that block} of a 2-D jax.Array."""
    rows, cols = array.shape
    found: dict[tuple[int, int, int, int], list[int]] = {}
    for device, (r, c) in array.sharding.devices_indices_map(array.shape).items():
        r0, r1, _ = r.indices(rows)
        c0, c1, _ = c.indices(cols)
        found.setdefault((r0, r1, c0, c1), []).append(device.id)
    return found


def _device_label(ids: list[int]) -> str:
    ids = sorted(ids)
    if len(ids) > 2 and ids == list(range(ids[0], ids[-1] + 1)):
        return f"devices {ids[0]}-{ids[-1]}"
    return ("device " if len(ids) == 1 else "devices ") + ",".join(map(str, ids))


def placements(arrays: Mapping[str, object]):
    """One panel per 2-D array (titled by its key): its extent (rows down, columns across) cut into
    the blocks of its sharding, each block coloured and labelled with the ids of the devices that hold
    it; a replicated array is one block held by every device."""
    if not arrays or any(len(a.shape) != 2 for a in arrays.values()):
        raise ValueError("placements draws 2-D arrays only")
    fig, axes = plt.subplots(1, len(arrays), figsize=(9, 2.6), dpi=DPI, layout="constrained", squeeze=False)
    colors = plt.get_cmap("tab20")
    for ax, (title, array) in zip(axes[0], arrays.items(), strict=True):
        rows, cols = array.shape
        for (r0, r1, c0, c1), ids in _blocks(array).items():
            ax.add_patch(Rectangle((c0, rows - r1), c1 - c0, r1 - r0, facecolor=colors(min(ids) % 20),
                                   alpha=0.55, edgecolor="black", lw=1))
            ax.text((c0 + c1) / 2, rows - (r0 + r1) / 2, _device_label(ids), ha="center", va="center",
                    fontsize=6, rotation=90 if (c1 - c0) < cols / 2 and (r1 - r0) > (c1 - c0) else 0)
        ax.set_xlim(0, cols)
        ax.set_ylim(0, rows)
        ax.set_xticks([0, cols])
        ax.set_yticks([0, rows], [str(rows), "0"])
        ax.tick_params(labelsize=7)
        ax.set_aspect("auto")
        ax.set_title(f"{title}\nshape {_shape(array.shape)}", fontsize=8)
    plt.show()


def block_counts(array) -> np.ndarray:
    """How many distinct blocks ``placements`` draws for ``array`` and how many devices hold each
    (sorted), for tests and for a lesson's printed check."""
    return np.array(sorted(len(ids) for ids in _blocks(array).values()))


def first_calls(fresh: Mapping[str, tuple]) -> None:
    """For each entry ``name: (f, *args)``, times one first call of the fresh ``f`` with
    ``jaxcourse.timing.time_calls`` (no warm-up: tracing and compiling included, the clock stopped
    when the result is ready) and prints it in milliseconds."""
    from jaxcourse.timing import time_calls

    for name, (f, *args) in fresh.items():
        print(f"{name:22s} {time_calls(f, *args, repeat=1, warmup=0)[0] * 1e3:7.3f} ms (first call)")


#: The names of XLA's collective operations, as they appear in compiled HLO text.
COLLECTIVES = ("all-reduce", "all-gather", "all-to-all", "collective-permute", "reduce-scatter")


def collectives(fun, *args) -> list[str]:
    """The collective operations (``COLLECTIVES``) named in the compiled HLO of ``jax.jit(fun)`` for
    ``args``: the communication the compiler inserted between devices."""
    import jax

    hlo = jax.jit(fun).lower(*args).compile().as_text()
    return [name for name in COLLECTIVES if name in hlo]


def device_titles(array, label: str = "device") -> list[str]:
    """A title per entry of ``array``'s leading axis: ``"device d"`` for the first entry of the block
    that device ``d`` holds, ``""`` for the others (one device per block: the first holder)."""
    first = {}
    for shard in array.addressable_shards:
        first.setdefault(shard.index[0].start or 0, shard.device.id)
    return [f"{label} {first[i]}" if i in first else "" for i in range(array.shape[0])]


def record_shapes(fun):
    """``fun`` wrapped so that each call records its first argument's shape in the wrapper's
    ``.shapes`` list. Under ``jax.pmap`` or ``jax.shard_map`` the call happens while tracing, so the
    list holds the shape each device's copy is handed."""
    import functools

    @functools.wraps(fun)
    def wrapper(x, *rest):
        wrapper.shapes.append(tuple(x.shape))
        return fun(x, *rest)

    wrapper.shapes = []
    return wrapper


def pmap_stacked(per_device, batch, keys, devices: int, in_axes=(0, 0)):
    """``jax.pmap(per_device, in_axes=in_axes)`` on ``batch`` stacked as ``(devices, len // devices,
    ...)`` (the layout of 2022 code) and ``keys`` as given; the result is unstacked to ``batch``'s
    shape."""
    import jax

    stack = batch.reshape(devices, -1, *batch.shape[1:])
    return jax.pmap(per_device, in_axes=in_axes)(stack, keys).reshape(batch.shape)


def repeats_of_first(labels, devices: int) -> int:
    """Cut ``labels`` (one per example of a batch) into ``devices`` equal runs, one per device, and
    count the devices after the first whose run equals device 0's."""
    rows = np.reshape(np.asarray(labels, dtype=object), (devices, -1))
    return sum(bool(np.array_equal(r, rows[0])) for r in rows[1:])


__all__ = ["COLLECTIVES", "block_counts", "collectives", "device_titles", "first_calls", "placements", "pmap_stacked",
           "record_shapes", "repeats_of_first", "slice_or_block"]
