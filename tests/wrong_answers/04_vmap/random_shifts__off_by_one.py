# Wrong: draws shifts from 0 to d - 2 (randint's maxval is excluded), so a shift of d - 1 never occurs
# Says: Every shift
def random_shifts(key, xs):
    keys = jax.random.split(key, xs.shape[0])
    return jax.vmap(lambda k, x: jnp.roll(x, jax.random.randint(k, (), 0, x.shape[0] - 1)))(keys, xs)
