# Wrong: divides by the standard deviation without the 1e-5, so a constant entry gives 0 / 0
# Says: 1e-5
def normalize_example(x):
    mean = jax.lax.pmean(x, "batch")
    return (x - mean) / jnp.sqrt(jax.lax.pmean((x - mean) ** 2, "batch"))
