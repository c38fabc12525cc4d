# Wrong: the statement's code: the key closed over is the same for every signal, so all get the same shift
# Says: same shift
def random_shifts(key, xs):
    def one(x):
        shift = jax.random.randint(key, (), 0, x.shape[0])
        return jnp.roll(x, shift)

    return jax.vmap(one)(xs)
