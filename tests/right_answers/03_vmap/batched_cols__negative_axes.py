# Right: names the batch axis as the last axis, in_axes=[-1, None] and out_axes=-1
def batched_convolve_cols(xs, w):
    return jax.vmap(convolve, in_axes=[-1, None], out_axes=-1)(xs, w)
