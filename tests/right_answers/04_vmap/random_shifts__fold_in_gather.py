# Right: a key per signal from jax.random.fold_in with its index, and the rotation as a gather of indices
def random_shifts(key, xs):
    n, d = xs.shape

    def one(i, x):
        s = jax.random.randint(jax.random.fold_in(key, i), (), 0, d)
        return x[(jnp.arange(d) - s) % d]

    return jax.vmap(one)(jnp.arange(n), xs)
