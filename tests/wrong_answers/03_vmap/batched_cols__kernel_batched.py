# Wrong: in_axes=1 for both arguments, but the single kernel has no batch axis (it needs None)
def batched_convolve_cols(xs, w):
    return jax.vmap(convolve, in_axes=1, out_axes=1)(xs, w)
