"""jaxcourse.array_figs: lesson 01's drawing of NumPy's in-place write beside JAX's ``.at[].set``."""

import jax.numpy as jnp

from jaxcourse import array_figs


def test_draw_at_update_shows_both_buffers_with_their_values(shown):
    b = jnp.arange(5, dtype=jnp.int32)
    array_figs.draw_at_update(b, b.at[4].set(10), index=4)
    (fig,) = shown
    assert fig.dpi >= 100
    numpy_side, jax_side = fig.axes
    for ax in (numpy_side, jax_side):
        values = [t.get_text() for t in ax.texts]
        assert values.count("10") == 1 and values.count("4") == 1     # before and after, one entry each
        assert len(ax.patches) == 10                                  # two rows of five boxes
    assert "a[4] = 10" in numpy_side.get_title() and "b.at[4].set(10)" in jax_side.get_title()
    assert "4 entries copied" in " ".join(t.get_text() for t in jax_side.texts)
