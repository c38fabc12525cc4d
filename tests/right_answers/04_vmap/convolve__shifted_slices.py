# Right: loops over the k kernel taps (not the outputs), adding shifted slices of the signal times one weight
def convolve(x, w):
    n, k = x.shape[0], w.shape[0]
    m = n - k + 1
    out = jnp.zeros(m, dtype=jnp.result_type(x, w))
    for j in range(k):
        out = out + x[j:j + m] * w[k - 1 - j]
    return out
