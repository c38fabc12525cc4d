# Wrong: the unbiased variance (divided by n - 1), not the batch variance divided by n
# Says: divided by n
def normalize_example(x):
    n = jax.lax.psum(1, "batch")
    mean = jax.lax.psum(x, "batch") / n
    var = jax.lax.psum((x - mean) ** 2, "batch") / (n - 1)
    return (x - mean) / jnp.sqrt(var + 1e-5)
