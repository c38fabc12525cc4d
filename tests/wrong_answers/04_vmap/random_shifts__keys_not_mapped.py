# Wrong: splits one key per signal but passes the keys with in_axes None, so every signal uses the first one
# Says: same shift
def random_shifts(key, xs):
    keys = jax.random.split(key, xs.shape[0])

    def one(ks, x):
        return jnp.roll(x, jax.random.randint(ks[0], (), 0, x.shape[0]))

    return jax.vmap(one, in_axes=(None, 0))(keys, xs)
