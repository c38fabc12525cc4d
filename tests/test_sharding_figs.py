"""jaxcourse.sharding_figs: lesson 06's drawings of slices against blocks, and of where each block lives."""

from collections import namedtuple
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from jaxcourse.sharding_figs import block_counts, placements, slice_or_block  # noqa: E402


def _small(fig):
    width, height = fig.get_size_inches()
    return width <= 9 and height <= 3.5 and fig.dpi >= 100


@pytest.mark.parametrize("n", [1, 2, 8])
def test_slice_or_block_draws_a_row_per_device_with_the_shapes_it_was_given(shown, n):
    """Left pmap's slices, right shard_map's blocks: an arrow and a device box per device, each naming
    the shape the function saw; the titles name the inputs' shapes."""
    per = 64 // n
    slice_or_block(n, (n, per, 64, 64, 3), (per, 64, 64, 3), (64, 64, 64, 3), (per, 64, 64, 3))
    [fig] = shown
    assert _small(fig)
    left, right = fig.axes
    for ax in (left, right):
        assert sum(type(p).__name__ == "FancyArrowPatch" for p in ax.patches) == n
        assert sum(f"f sees ({per}, 64, 64, 3)" in t.get_text() for t in ax.texts) == n
    assert f"({n}, {per}, 64, 64, 3)" in left.get_title() and "rank-reducing" in left.get_title()
    assert "(64, 64, 64, 3)" in right.get_title() and "rank-preserving" in right.get_title()
    assert [t.get_text() for t in right.texts if t.get_text().startswith("rows")][-1] == f"rows {64 - per}-63"


def test_slice_or_block_refuses_shapes_that_contradict_the_two_ranks(shown):
    """pmap's function sees one axis fewer than its input, shard_map's as many: anything else is a mistake."""
    with pytest.raises(ValueError, match="one axis fewer"):
        slice_or_block(2, (2, 4, 3), (2, 4, 3), (8, 3), (4, 3))
    assert not shown


Device = namedtuple("Device", "id")


def _fake(shape, index_map):
    """An object shaped like a 2-D jax.Array: .shape and .sharding.devices_indices_map."""
    devices = {Device(d): idx for d, idx in index_map.items()}
    return SimpleNamespace(shape=shape, sharding=SimpleNamespace(devices_indices_map=lambda s: devices))


def test_placements_draws_each_block_once_labelled_with_its_devices(shown):
    """A (4, 2) array split over rows on a 2 x 2 grid (each row block on two devices), and a replicated one."""
    full, top, bottom = slice(None), slice(0, 2), slice(2, 4)
    by_rows = _fake((4, 2), {0: (top, full), 1: (top, full), 2: (bottom, full), 3: (bottom, full)})
    copied = _fake((4, 2), {d: (full, full) for d in range(4)})
    placements({"by rows": by_rows, "copied": copied})
    [fig] = shown
    assert _small(fig)
    rows_ax, copied_ax = fig.axes
    assert sorted(t.get_text() for t in rows_ax.texts) == ["devices 0,1", "devices 2,3"]
    assert [t.get_text() for t in copied_ax.texts] == ["devices 0-3"]
    assert len(rows_ax.patches) == 2 and len(copied_ax.patches) == 1
    assert rows_ax.get_title().startswith("by rows") and "shape (4, 2)" in rows_ax.get_title()
    assert list(block_counts(by_rows)) == [2, 2] and list(block_counts(copied)) == [4]


def test_placements_of_a_real_array_on_one_device(shown):
    """A jax.Array placed with a NamedSharding: one block, on device 0, on a one-device mesh."""
    import jax

    mesh = jax.make_mesh((1,), ("batch",), devices=jax.devices()[:1])
    x = jax.device_put(np.zeros((6, 3), np.float32), jax.NamedSharding(mesh, jax.P("batch")))
    placements({"x": x})
    [fig] = shown
    assert [t.get_text() for t in fig.axes[0].texts] == [f"device {jax.devices()[0].id}"]


def test_placements_refuses_what_it_cannot_draw(shown):
    """Only 2-D arrays, and at least one."""
    with pytest.raises(ValueError, match="2-D"):
        placements({})
    with pytest.raises(ValueError, match="2-D"):
        placements({"v": _fake((4,), {})})
    assert not shown


def test_slice_or_block_on_the_same_array_draws_the_two_ranks_and_one_row_blocks(shown):
    """The same (4, 64, 64, 3) array given to both: pmap's f sees one photo, shard_map's a block of one,
    labelled by its single row."""
    slice_or_block(4, (4, 64, 64, 3), (64, 64, 3), (4, 64, 64, 3), (1, 64, 64, 3))
    [fig] = shown
    left, right = fig.axes
    assert sum("f sees (64, 64, 3)" in t.get_text() for t in left.texts) == 4
    assert sum("f sees (1, 64, 64, 3)" in t.get_text() for t in right.texts) == 4
    assert [t.get_text() for t in right.texts if t.get_text().startswith("row")] == ["row 0", "row 1", "row 2", "row 3"]
