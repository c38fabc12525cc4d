# Right: accumulates the kernel taps in a jax.lax.fori_loop with dynamic slices instead of a Python loop
def convolve(x, w):
    n, k = x.shape[0], w.shape[0]
    m = n - k + 1

    def add_tap(j, acc):
        return acc + jax.lax.dynamic_slice(x, (j,), (m,)) * w[k - 1 - j]

    return jax.lax.fori_loop(0, k, add_tap, jnp.zeros(m, dtype=jnp.result_type(x, w)))
