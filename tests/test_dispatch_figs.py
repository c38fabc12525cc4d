"""jaxcourse.dispatch_figs: lesson 02's measuring and printing helpers."""

import jax
import jax.numpy as jnp
import numpy as np

from jaxcourse import dispatch_figs


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


def test_guard_outcome_and_show_guarded(capsys):
    host, dev = np.ones(3, dtype=np.float32), jnp.ones(3)
    assert dispatch_figs.guard_outcome(lambda: dev + dev) == "allowed"
    assert dispatch_figs.guard_outcome(lambda: jax.device_put(host)) == "allowed"    # explicit
    blocked = dispatch_figs.guard_outcome(lambda: jnp.asarray(host))
    assert "Disallowed host-to-device transfer" in blocked and "aval" not in blocked
    dispatch_figs.show_guarded({"numpy in": lambda: jnp.asarray(host), "sum": lambda: dev.sum()})
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split(None, 2) == ["numpy", "in", blocked] and lines[1].split() == ["sum", "allowed"]


def test_queue_chain_keeps_the_try_whose_calls_returned_soonest():
    delays = [5.0, 1.0, 5.0]             # seconds each call of try 0, 1, 2 takes to return
    calls = []

    def step(y):
        calls.append(delays[len(calls) // 2])
        return y + 1

    returned, ready = dispatch_figs.queue_chain(step, jnp.zeros(2), steps=2, tries=3,
                                                clock=lambda: sum(calls))
    assert len(calls) == 6               # every try ran
    assert returned == [1.0, 2.0]        # the second try's: its calls returned soonest
    assert ready == [2.0, 2.0]           # the clock stands still while polling


def test_draw_benchmark_stacks_the_one_off_costs_and_the_calls(shown):
    results = {1000: {"transfer": 1e-4, "compilation": 0.05, "steady": 3e-5, "numpy": 6e-6},
               4_000_000: {"transfer": 2e-3, "compilation": 0.02, "steady": 1.5e-2, "numpy": 1.2e-2}}
    dispatch_figs.draw_benchmark(results, calls=100)
    (fig,) = shown
    assert fig.dpi >= 100 and len(fig.axes) == 2
    small = fig.axes[0]
    jax_bars = [p for p in small.patches if p.get_y() > 0.5]       # the JAX row, stacked left to right
    assert [round(p.get_width(), 6) for p in jax_bars] == [0.1, 50.0, 3.0]    # ms: transfer, compilation, 100 calls
    assert [round(p.get_x(), 6) for p in jax_bars] == [0.0, 0.1, 50.1]
    (numpy_bar,) = [p for p in small.patches if p.get_y() < 0.5]
    assert round(numpy_bar.get_width(), 6) == 0.6
    assert "0.2 x" in small.get_title()
    assert [t.get_text().strip() for t in small.texts] == ["53.1 ms", "0.6 ms"]   # totals, the tiny bar too
    assert [t.get_text().strip() for t in fig.axes[1].texts] == ["1,522 ms", "1,200 ms"]
