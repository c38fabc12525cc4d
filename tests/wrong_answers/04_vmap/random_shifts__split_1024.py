# Wrong: splits the key into a fixed 1024 pieces and takes the first n, which fails for more than 1024 signals
# Says: n = 2000, a key for every signal
# Caught: hidden (only more than 1024 signals show it)
def random_shifts(key, xs):
    keys = jax.random.split(key, 1024)[: xs.shape[0]]

    def one(k, x):
        return jnp.roll(x, jax.random.randint(k, (), 0, x.shape[0]))

    return jax.vmap(one)(keys, xs)
