# Wrong: a Python loop over the batch, unrolled into the jaxpr (one copy of convolve per example)
def batched_convolve(xs, ws):
    return jnp.stack([convolve(xs[i], ws[i]) for i in range(xs.shape[0])])
