# Wrong: a Python loop fixed at 64 positions (clipped reads, cut to n - k + 1): a longer signal loses its tail
# Says: n=100
def convolve(x, w):
    k, n = w.shape[0], x.shape[0]
    rows = [jnp.dot(jnp.take(x, i + jnp.arange(k), mode="clip"), w[::-1]) for i in range(64)]
    return jnp.stack(rows)[: n - k + 1]
