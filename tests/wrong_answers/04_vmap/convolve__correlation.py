# Wrong: slides the kernel without flipping it (a correlation, as in the lesson), not a convolution
def convolve(x, w):
    k = w.shape[0]
    return jnp.stack([jnp.dot(x[i:i + k], w) for i in range(x.shape[0] - k + 1)])
