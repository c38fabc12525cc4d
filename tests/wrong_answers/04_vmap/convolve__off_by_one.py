# Wrong: loops over n - k positions and drops the last output
def convolve(x, w):
    k = w.shape[0]
    w_flipped = w[::-1]
    return jnp.stack([jnp.dot(x[i:i + k], w_flipped) for i in range(x.shape[0] - k)])
