"""jaxcourse.jit_figs (lesson 03's figures) and the ``why`` of jaxcourse.cache_log's reasons."""

import jax
import jax.numpy as jnp
import matplotlib
import matplotlib.pyplot as plt
import pytest

from jaxcourse import jit_figs
from jaxcourse.cache_log import cache_miss_reasons

matplotlib.use("Agg")


@pytest.fixture
def shown(monkeypatch):
    """The figures each drawing shows, instead of showing them."""
    figures = []
    monkeypatch.setattr(plt, "show", lambda: figures.append(plt.gcf()))
    yield figures
    plt.close("all")


def test_call_phases_counts_trace_lower_compile_only_for_new_abstract_values():
    f = jax.jit(lambda x: jnp.sin(x) * 3.0 + 1.0)
    a3, b3, a4 = jnp.arange(3.0), jnp.ones(3), jnp.arange(4.0)   # built first: creating arrays compiles too
    phases = jit_figs.call_phases(f, [(a3,), (a3,), (b3,), (a4,), (a3,), (a4,)])
    first = ("trace", "lower", "compile", "run")
    assert phases == [first, ("run",), ("run",), first, ("run",), ("run",)]


def test_call_phases_counts_a_step_once_when_it_fires_for_an_inner_function():
    inner = jax.jit(lambda x: x + 1)
    phases = jit_figs.call_phases(jax.jit(lambda x: inner(x) * 2), [(jnp.arange(5.0),)])
    assert phases == [("trace", "lower", "compile", "run")]


def test_phase_events_stops_listening_after_the_block():
    with jit_figs.phase_events() as events:
        jax.jit(lambda x: x - 7)(jnp.arange(6))
    seen = list(events)
    jax.jit(lambda x: x - 8)(jnp.arange(6))
    assert events == seen and {step for step, _ in seen} == {"trace", "lower", "compile"}
    assert all(seconds >= 0 for _, seconds in seen)


def test_draw_call_timeline_shows_one_figure_at_100_dpi(shown):
    jit_figs.draw_call_timeline([("trace", "lower", "compile", "run"), ("run",)], ["first", "again"])
    assert len(shown) == 1 and shown[0].dpi >= 100
    texts = [t.get_text() for t in shown[0].axes[0].texts]
    assert texts.count("run") == 2 and "compile" in texts and any("cache hit" in t for t in texts)
    assert [t.get_text() for t in shown[0].axes[0].get_yticklabels()] == ["again", "first"]


def test_draw_call_timeline_refuses_a_label_count_that_does_not_match():
    with pytest.raises(ValueError, match="labels"):
        jit_figs.draw_call_timeline([("run",)], ["a", "b"])


def test_draw_bucket_traces_labels_the_final_counts(shown):
    jit_figs.draw_bucket_traces([3, 9, 5], [8, 16, 8], {"exact lengths": [1, 2, 3], "buckets": [1, 2, 2]})
    assert len(shown) == 1 and shown[0].dpi >= 100
    labels = [t.get_text() for t in shown[0].axes[1].get_legend().get_texts()]
    assert labels == ["exact lengths: 3 traces", "buckets: 2 traces"]
    with pytest.raises(ValueError):
        jit_figs.draw_bucket_traces([3, 9], [8, 16], {"buckets": [1]})


def test_cache_miss_reasons_why_keeps_only_the_difference():
    with cache_miss_reasons() as reasons:
        f = jax.jit(lambda x: 2 * x)
        f(jnp.arange(3))
        f(jnp.arange(3.0))
    assert reasons.why[0] == "never seen function: <lambda>"
    assert reasons.why[1] == "different input types: * at x, now f32[3] and before i32[3]"
