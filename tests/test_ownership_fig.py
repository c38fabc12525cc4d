"""jaxcourse.collectives_figs.ownership: lesson 06's drawing of which device holds which example."""

import matplotlib

matplotlib.use("Agg")

import jax  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from jaxcourse.collectives_figs import ownership  # noqa: E402


def test_ownership_draws_a_row_per_device_and_a_panel_per_array():
    n = jax.device_count()
    mesh = jax.make_mesh((n,), ("batch",))
    x = np.arange(4.0 * n)
    split = jax.device_put(x, jax.NamedSharding(mesh, jax.P("batch")))
    copied = jax.device_put(x, jax.NamedSharding(mesh, jax.P()))
    fig = ownership(mesh, {"split": split, "copied": copied})
    try:
        assert [ax.get_title() for ax in fig.axes] == ["split", "copied"]
        assert fig.dpi >= 100
        held_split = fig.axes[0].images[0].get_array()
        held_copied = fig.axes[1].images[0].get_array()
        assert held_split.shape == held_copied.shape == (n, 4 * n)
        expected = np.full((n, 4 * n), np.nan)
        for d in range(n):
            expected[d, 4 * d:4 * d + 4] = d % 10
        np.testing.assert_array_equal(np.ma.filled(held_split, np.nan), expected)
        np.testing.assert_array_equal(np.ma.filled(held_copied, np.nan), np.arange(n)[:, None] % 10 * np.ones(4 * n))
    finally:
        plt.close(fig)
