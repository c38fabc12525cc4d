# Right: jax.jit of jax.vmap with explicit in_axes=(0, 0) and out_axes=0 (a nested jit in the jaxpr)
@jax.jit
def batched_convolve(xs, ws):
    return jax.vmap(convolve, in_axes=(0, 0), out_axes=0)(xs, ws)
