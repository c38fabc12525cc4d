# Wrong: selects with a boolean mask, whose shape depends on the values, so it fails under jax.jit
# Says: jax.jit, NonConcreteBooleanIndexError, shapes fixed
def compact_positive(x):
    kept = x[x > 0]
    return jnp.concatenate([kept, jnp.zeros(x.shape[0] - kept.shape[0], x.dtype)]), jnp.int32(kept.shape[0])
