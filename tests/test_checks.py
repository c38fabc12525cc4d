"""The program-reading helpers of ``jaxcourse.checks`` that hidden tests use to catch a method, not a value."""

import jax
import jax.numpy as jnp
import numpy as np

from jaxcourse.checks import reused_keys, while_iterations, writes_reversed, writes_reversed_batched


def test_reused_keys_names_a_key_read_twice_and_nothing_else():
    def reuse(key):
        return jax.random.normal(key, (3,)) + jax.random.uniform(key, (3,))

    def split_first(key):
        a, b = jax.random.split(key)
        return jax.random.normal(a, (3,)) + jax.random.uniform(b, (3,))

    def folded(key, same):
        first, second = jax.random.fold_in(key, 1), jax.random.fold_in(key, same)
        return jax.random.normal(first, (2,)) + jax.random.normal(second, (2,))

    key = jax.random.key(0)
    assert reused_keys(reuse, key) == ["random_bits and random_bits"]
    assert reused_keys(split_first, key) == []
    assert reused_keys(jax.jit(split_first), key) == []  # inside jit too
    assert reused_keys(folded, key, 2) == []
    # The same fold_in twice gives one key, which the two draws then read again.
    assert reused_keys(folded, key, 1) == ["random_fold_in and random_fold_in", "random_bits and random_bits"]
    assert reused_keys(jax.jit(reuse), jax.random.PRNGKey(3)) == ["random_bits and random_bits"]  # legacy keys


def test_writes_reversed_changes_only_answers_that_rely_on_the_last_write():
    idx, vals = jnp.array([0, 1, 0]), jnp.array([1.0, 2.0, 3.0])

    def last_wins(x):
        return x.at[idx].set(vals)

    def accumulate(x):
        return x.at[idx].add(vals)

    x = jnp.zeros(2)
    assert not np.array_equal(writes_reversed(last_wins, x), last_wins(x))
    assert np.array_equal(writes_reversed(accumulate, x), accumulate(x))
    batched = jax.vmap(last_wins)
    xs = jnp.zeros((4, 2))
    assert not np.array_equal(writes_reversed_batched(batched, xs), batched(xs))
    assert np.array_equal(writes_reversed_batched(jax.vmap(accumulate), xs), jax.vmap(accumulate)(xs))


def test_while_iterations_counts_the_iterations_that_ran():
    def halve(x):
        return jax.lax.while_loop(lambda v: v > 1, lambda v: v // 2, x)

    out, counts = while_iterations(halve, jnp.int32(40))
    assert int(out) == 1 and counts == [5]
