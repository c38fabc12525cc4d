# Wrong: derives each signal's key from its first value, so equal signals always get the same shift
# Says: independent
# Caught: hidden (the visible signals all differ; only equal signals show it)
def random_shifts(key, xs):
    def one(x):
        k = jax.random.fold_in(key, x[0].astype(jnp.int32))
        return jnp.roll(x, jax.random.randint(k, (), 0, x.shape[0]))

    return jax.vmap(one)(xs)
