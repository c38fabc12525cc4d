# Right: closes over the shared kernel (no in_axes=None) and vmaps a one-argument function, in_axes=1, out_axes=1
def batched_convolve_cols(xs, w):
    return jax.vmap(lambda column: convolve(column, w), in_axes=1, out_axes=1)(xs)
