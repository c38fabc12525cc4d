"""jaxcourse.dispatch_figs: lesson 02's measuring and printing helpers."""

import matplotlib

matplotlib.use("Agg")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from jaxcourse import dispatch_figs  # noqa: E402


@pytest.fixture
def shown(monkeypatch):
    figures = []
    monkeypatch.setattr(plt, "show", lambda: figures.append(plt.gcf()))
    yield figures
    plt.close("all")


def test_show_waits_times_only_the_use_of_a_fresh_result(capsys):
    made, used = [], []
    ticks = iter(range(100))

    def make():
        made.append(jnp.ones(3) * len(made))
        return made[-1]

    dispatch_figs.show_waits(make, {"shape": lambda out: used.append(out.shape), "sum": jnp.sum},
                             clock=lambda: float(next(ticks)))
    assert len(made) == 3                            # one finished result, then one fresh per use
    assert used == [(3,), (3,)]                      # warm-up on the finished one, then the fresh one
    assert all(a.is_ready() for a in made)
    lines = capsys.readouterr().out.splitlines()   # one tick from start to stop: 1 s = 1000 ms
    assert [line.split() for line in lines] == [["shape", "kept", "Python", "waiting", "1000.00", "ms"],
                                                ["sum", "kept", "Python", "waiting", "1000.00", "ms"]]


def test_queue_chain_returns_one_time_per_step_and_ready_after_returned():
    returned, ready = dispatch_figs.queue_chain(lambda y: y @ y / 2.0, jnp.eye(4), steps=3)
    assert len(returned) == len(ready) == 3
    assert returned == sorted(returned)
    assert all(r >= t for t, r in zip(returned, ready, strict=True))


def test_dot_sweep_shape_and_order():
    a = np.arange(64, dtype=np.float64).reshape(8, 8)
    sweep = dispatch_figs.dot_sweep(a, [2, 4], rounds=3)
    assert list(sweep) == list(dispatch_figs.CURVES)
    for s in sweep.values():
        assert list(s) == [2, 4] and all(len(v) == 3 for v in s.values())
    for n in (2, 4):  # completion is measured from the same start as dispatch
        assert all(c >= d for d, c in zip(sweep["jnp.dot dispatch"][n], sweep["jnp.dot completion"][n],
                                           strict=True))


def test_print_and_plot_sweep(capsys, shown):
    sweep = {name: {2: [0.003, 0.001, 0.002], 4: [0.004, 0.005, 0.006]} for name in dispatch_figs.CURVES}
    dispatch_figs.print_sweep(sweep)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("n =    2, ms (min / median of 3):") and "np.dot 1.000 / 2.000" in lines[0]
    dispatch_figs.plot_sweep(sweep)
    (fig,) = shown
    ax = fig.axes[0]
    assert [line.get_label() for line in ax.get_lines()] == list(dispatch_figs.CURVES)
    assert list(ax.get_lines()[0].get_ydata()) == pytest.approx([1.0, 4.0])   # the minimum, in ms
    assert "3 interleaved" in ax.get_ylabel()


def test_guard_outcome_and_show_guarded(capsys):
    host, dev = np.ones(3, dtype=np.float32), jnp.ones(3)
    assert dispatch_figs.guard_outcome(lambda: dev + dev) == "allowed"
    assert dispatch_figs.guard_outcome(lambda: jax.device_put(host)) == "allowed"    # explicit
    blocked = dispatch_figs.guard_outcome(lambda: jnp.asarray(host))
    assert "Disallowed host-to-device transfer" in blocked and "aval" not in blocked
    dispatch_figs.show_guarded({"numpy in": lambda: jnp.asarray(host), "sum": lambda: dev.sum()})
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split(None, 2) == ["numpy", "in", blocked] and lines[1].split() == ["sum", "allowed"]
