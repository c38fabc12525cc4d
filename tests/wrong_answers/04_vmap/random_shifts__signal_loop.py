# Wrong: a Python loop over the signals with a key each (right draws, but the program grows with n)
# Says: equations
def random_shifts(key, xs):
    keys = jax.random.split(key, xs.shape[0])
    return jnp.stack([jnp.roll(x, jax.random.randint(k, (), 0, xs.shape[1])) for k, x in zip(keys, xs, strict=True)])
