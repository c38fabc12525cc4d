# Wrong: psum gives the sum over the batch, not the mean
# Says: mean
def normalize_example(x):
    mean = jax.lax.psum(x, "batch")
    var = jax.lax.psum((x - mean) ** 2, "batch")
    return (x - mean) / jnp.sqrt(var + 1e-5)
