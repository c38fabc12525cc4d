# Wrong: maps over the rows (in_axes=0) instead of the columns
def batched_convolve_cols(xs, w):
    return jax.vmap(convolve, in_axes=(0, None), out_axes=1)(xs, w)
