# Wrong: gives signals 0, 2, 4, ... one piece of the key and 1, 3, 5, ... the other: every other signal shares a shift
# Says: same shift, independent
# Caught: hidden (the visible test compares neighbouring signals only, which do get different keys)
def random_shifts(key, xs):
    pair = jax.random.split(key, 2)
    keys = pair[jnp.arange(xs.shape[0]) % 2]

    def one(k, x):
        return jnp.roll(x, jax.random.randint(k, (), 0, x.shape[0]))

    return jax.vmap(one)(keys, xs)
