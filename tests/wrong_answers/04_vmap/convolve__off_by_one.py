# Wrong: maps over n - k positions and drops the last output
# Says: int32[98]
def convolve(x, w):
    k = w.shape[0]
    return jax.vmap(lambda i: jnp.dot(jax.lax.dynamic_slice(x, (i,), (k,)), w[::-1]))(jnp.arange(x.shape[0] - k))
