"""jaxcourse.lesson_figs: the polling helper of lesson 02 and the drawings of lessons 02 and 04."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402

from jaxcourse import lesson_figs  # noqa: E402


class _Later:
    """Stands in for a dispatched array: ready from the ``polls``-th call of ``is_ready`` on."""

    def __init__(self, polls):
        self.polls, self.asked = polls, 0

    def is_ready(self):
        self.asked += 1
        return self.asked >= self.polls

    def block_until_ready(self):
        raise AssertionError("ready_times must not block")


def test_ready_times_notes_the_first_true_of_each_array():
    ticks = iter(range(100))
    arrays = [_Later(1), _Later(3), _Later(2)]
    times = lesson_figs.ready_times(arrays, start=0.0, poll_s=0.0, clock=lambda: float(next(ticks)))
    # Round 1: array 0 ready (clock 0); round 2: array 2 (clock 1); round 3: array 1 (clock 2).
    assert times == [0.0, 2.0, 1.0]
    assert [a.asked for a in arrays] == [1, 3, 2]  # nobody is asked again once ready


def test_timeline_has_a_bar_per_product_on_both_rows(shown):
    lesson_figs.draw_dispatch_timeline([0.001, 0.002, 0.003], [0.05, 0.1, 0.15])
    (fig,) = shown
    (ax,) = fig.axes
    assert fig.dpi >= 100
    assert [t.get_text() for t in ax.get_yticklabels()] == ["device", "host (Python)"]
    assert {t.get_text() for t in ax.texts} >= {"product 1", "product 2", "product 3"}
    assert "3 products" in ax.get_title()


def test_vmap_axes_writes_every_value_and_names_each_axis(shown):
    b = np.arange(6).reshape(3, 2)
    a = np.array([7, 8])
    lesson_figs.draw_vmap_axes({"B": b, "a": a}, (0, None), (b * a).T, 1, "the call")
    (fig,) = shown
    assert fig.dpi >= 100 and len(fig.axes) == 3
    titles = [ax.get_title() for ax in fig.axes]
    assert titles[0].startswith("B (3, 2): in_axes=0") and "row k" in titles[0]
    assert titles[1].startswith("a (2,): in_axes=None") and "same for every example" in titles[1]
    assert titles[2].startswith("result (2, 3): out_axes=1") and "column k" in titles[2]
    assert sorted(t.get_text() for t in fig.axes[2].texts) == sorted(str(v) for v in (b * a).ravel())
