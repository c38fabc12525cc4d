"""jaxcourse.vmap_figs: lesson 04's drawing of per-example gradients."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from jaxcourse import vmap_figs  # noqa: E402

GRADS = np.array([[3.0, 4.0], [-1.0, 0.5], [0.0, -8.0], [0.05, 0.0]])
CLIPPED = GRADS * np.minimum(1.0, 2.0 / np.linalg.norm(GRADS, axis=1))[:, None]


def test_two_panels_an_arrow_per_example_and_the_mean(shown):
    vmap_figs.draw_per_example_grads(GRADS, CLIPPED, 2.0)
    (fig,) = shown
    assert fig.dpi >= 100
    left, right = fig.axes
    for ax, vectors in ((left, GRADS), (right, CLIPPED)):
        tips = [a.xy for a in ax.texts if getattr(a, "arrow_patch", None) is not None]  # numbers have no arrow
        assert len(tips) == len(vectors) + 1  # one arrow per example and one for the mean
        assert np.allclose(tips[:-1], vectors)
        assert np.allclose(tips[-1], vectors.mean(axis=0))
    for ax in (left, right):  # the clipping circle gives both panels' scale
        (circle,) = ax.patches
        assert circle.get_radius() == 2.0
    assert "clipped to length 2" in right.get_title()
    for ax, vectors in ((left, GRADS), (right, CLIPPED)):  # every tip and the whole circle inside the panel
        (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
        assert x0 < min(vectors[:, 0].min(), -2) and x1 > max(vectors[:, 0].max(), 2)
        assert y0 < min(vectors[:, 1].min(), -2) and y1 > max(vectors[:, 1].max(), 2)
    assert np.ptp(right.get_ylim()) < np.ptp(left.get_ylim())  # the right panel zooms in
    numbers = [t.get_text() for t in left.texts if getattr(t, "arrow_patch", None) is None and t.get_text() != "  mean"]
    assert numbers == ["0", "1", "2"]  # the very short arrow 3 goes unnumbered: its number would crowd


def test_rejects_vectors_not_in_a_plane():
    with pytest.raises(ValueError, match=r"\(n, 2\)"):
        vmap_figs.draw_per_example_grads(np.zeros((3, 3)), np.zeros((3, 3)), 1.0)
