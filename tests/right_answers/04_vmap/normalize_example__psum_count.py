# Right: sums over the batch divided by the batch size, psum(1, "batch")
def normalize_example(x):
    n = jax.lax.psum(1, "batch")
    mean = jax.lax.psum(x, "batch") / n
    var = jax.lax.psum((x - mean) ** 2, "batch") / n
    return (x - mean) * jax.lax.rsqrt(var + 1e-5)
