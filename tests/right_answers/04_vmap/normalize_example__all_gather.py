# Right: gathers the whole batch into every example (all_gather), then uses jnp.mean and jnp.var over it
def normalize_example(x):
    batch = jax.lax.all_gather(x, "batch")
    return (x - jnp.mean(batch, axis=0)) / jnp.sqrt(jnp.var(batch, axis=0) + 1e-5)
