# Right: transposes the input, maps over its rows with in_axes=(0, None), puts outputs back as columns with out_axes=1
def batched_convolve_cols(xs, w):
    return jax.vmap(convolve, in_axes=(0, None), out_axes=1)(xs.T, w)
