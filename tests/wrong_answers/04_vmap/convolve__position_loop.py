# Wrong: the lesson's Python loop over the output positions, flipped: right values, but the jaxpr grows with n
# Says: jaxpr, equations, n=8, 40
def convolve(x, w):
    k = w.shape[0]
    return jnp.stack([jnp.dot(x[i:i + k], w[::-1]) for i in range(x.shape[0] - k + 1)])
