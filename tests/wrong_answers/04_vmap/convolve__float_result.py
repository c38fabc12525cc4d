# Wrong: computes in float32 whatever the inputs, so int32 inputs do not give an int32 result
# Says: int32
def convolve(x, w):
    k = w.shape[0]
    xf, wf = x.astype(jnp.float32), w[::-1].astype(jnp.float32)
    return jax.vmap(lambda i: jnp.dot(jax.lax.dynamic_slice(xf, (i,), (k,)), wf))(jnp.arange(x.shape[0] - k + 1))
