# Wrong: the variance from the first two moments, E[x^2] - E[x]^2, which cancels catastrophically near 1000
# Says: variance, deviations
def normalize_example(x):
    mean = jax.lax.pmean(x, "batch")
    var = jax.lax.pmean(x * x, "batch") - mean * mean
    return (x - mean) / jnp.sqrt(var + 1e-5)
