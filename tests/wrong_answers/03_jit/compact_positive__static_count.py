# Wrong: computes the count on the host, which needs a concrete value and fails under jax.jit
# Says: jax.jit, ConcretizationTypeError
def compact_positive(x):
    count = int(jnp.sum(x > 0))
    (index,) = jnp.nonzero(x > 0, size=count)
    return jnp.concatenate([x[index], jnp.zeros(x.shape[0] - count, x.dtype)]), jnp.int32(count)
