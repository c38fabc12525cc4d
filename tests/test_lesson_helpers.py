"""jaxcourse.jaxprs.primitive_counts and jaxcourse.cache_log.cache_miss_reasons (lessons 05 and 03)."""

import jax
import jax.numpy as jnp

from jaxcourse.cache_log import cache_miss_reasons
from jaxcourse.jaxprs import primitive_counts


def test_primitive_counts_opens_nested_jaxprs():
    def f(x):
        y = jax.jit(jnp.sin)(x)
        return jax.lax.cond(x > 0, lambda v: v * 2, lambda v: v * 3, y)

    jaxpr = jax.make_jaxpr(f)(1.0)
    counts = primitive_counts(jaxpr)
    assert counts["cond"] == 1 and counts["sin"] == 1 and counts["mul"] == 2 and counts["jit"] == 1
    assert primitive_counts(jaxpr, ["mul", "gather", "cond"]) == {"mul": 2, "gather": 0, "cond": 1}
    assert list(primitive_counts(jaxpr, ["mul", "gather"])) == ["mul", "gather"]


def test_cache_miss_reasons_collects_one_reason_per_trace_and_restores_the_option():
    before = jax.config.jax_explain_cache_misses
    with cache_miss_reasons() as reasons:
        f = jax.jit(lambda x: 2 * x)
        f(jnp.arange(3))
        f(jnp.arange(3))  # a cache hit: no reason
        f(jnp.arange(3.0))
    assert jax.config.jax_explain_cache_misses == before
    assert len(reasons) == 2 and reasons[0] == "never seen function: <lambda>"
    assert "different input types" in reasons[1] and "f32[3]" in reasons[1] and " id=" not in reasons[1]
    assert len(reasons.messages) == 2 and all(" id=" not in m for m in reasons.messages)
    first = reasons.messages[0].splitlines()   # the whole message: where the call was, then the reason
    assert first[0].startswith("TRACING CACHE MISS at ") and first[1].strip() == "never seen function:"
    assert first[2].strip().startswith("<lambda> defined at ")
    assert "* at x, now f32[3] and before i32[3]" in reasons.messages[1]
    f(jnp.arange(4))  # outside the block: nothing more collected
    assert len(reasons) == 2
