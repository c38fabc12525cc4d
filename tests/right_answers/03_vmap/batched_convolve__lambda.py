# Right: vmaps a lambda that calls convolve, with the batch axis given as a single in_axes=0
def batched_convolve(xs, ws):
    return jax.vmap(lambda x, w: convolve(x, w), in_axes=0)(xs, ws)
