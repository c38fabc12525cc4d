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


# The lesson's plumbing: collectives, device_titles, record_shapes, pmap_stacked, repeats_of_first, first_calls.


def test_collectives_names_an_all_reduce_only_where_devices_must_add_partial_sums():
    import jax
    import jax.numpy as jnp

    from jaxcourse.sharding_figs import COLLECTIVES, collectives

    x = jnp.arange(8.0)
    assert collectives(lambda v: v * 2, x) == []
    n = jax.device_count()
    mesh = jax.make_mesh((n,), ("b",))
    xs = jax.device_put(x, jax.NamedSharding(mesh, jax.P("b")))
    found = collectives(lambda v: v.sum(), xs)
    assert set(found) <= set(COLLECTIVES) and (("all-reduce" in found) == (n > 1))


def test_device_titles_titles_the_first_entry_of_each_block():
    shard = namedtuple("shard", "index device")
    array = SimpleNamespace(shape=(6, 2), addressable_shards=[
        shard((slice(None, 3), slice(None)), SimpleNamespace(id=4)),
        shard((slice(3, 6), slice(None)), SimpleNamespace(id=7)),
        shard((slice(3, 6), slice(None)), SimpleNamespace(id=2))])  # a copy: the first holder names it
    from jaxcourse.sharding_figs import device_titles

    assert device_titles(array) == ["device 4", "", "", "device 7", "", ""]


def test_record_shapes_records_each_call_and_returns_the_result():
    from jaxcourse.sharding_figs import record_shapes

    f = record_shapes(lambda x, y: x.sum() + y)
    assert f(np.ones((2, 3)), 1) == 7 and f(np.ones(4), 0) == 4
    assert f.shapes == [(2, 3), (4,)]


def test_pmap_stacked_stacks_per_device_and_unstacks():
    import jax

    from jaxcourse.sharding_figs import pmap_stacked

    batch = np.arange(12.0).reshape(6, 2)
    seen = []

    def per_device(block, k):
        seen.append(block.shape)
        return block + k

    out = pmap_stacked(per_device, batch, np.array([10.0]), 1)
    assert np.array_equal(out, batch + 10) and seen == [(6, 2)]
    out = pmap_stacked(per_device, batch, 5.0, 1, in_axes=(0, None))
    assert np.array_equal(out, batch + 5)
    if jax.device_count() >= 2:
        assert np.array_equal(pmap_stacked(per_device, batch, np.array([0.0, 1.0]), 2),
                              batch + np.repeat([0.0, 1.0], 3)[:, None])


def test_repeats_of_first_counts_devices_repeating_device_0():
    from jaxcourse.sharding_figs import repeats_of_first

    assert repeats_of_first([1, 2, 1, 2, 1, 2], 3) == 2
    assert repeats_of_first([1, 2, 2, 1, None, 3], 3) == 0
    assert repeats_of_first([1, None, 1, None], 2) == 1
    with pytest.raises(ValueError):
        repeats_of_first([1, 2, 3], 2)


def test_first_calls_prints_one_line_per_function(capsys):
    from jaxcourse.sharding_figs import first_calls

    calls = []
    first_calls({"a": (lambda x: calls.append(x) or np.zeros(()), 1), "b": (lambda: np.ones(()),)})
    rows = capsys.readouterr().out.splitlines()
    assert calls == [1] and [r.split()[0] for r in rows] == ["a", "b"] and all("(first call)" in r for r in rows)
