# Right: one draw of n shifts from the key, then vmap of jnp.roll over signals and shifts together
def random_shifts(key, xs):
    shifts = jax.random.randint(key, (xs.shape[0],), 0, xs.shape[1])
    return jax.vmap(jnp.roll)(xs, shifts)
