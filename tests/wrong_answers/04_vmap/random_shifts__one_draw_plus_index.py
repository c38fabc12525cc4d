# Wrong: draws one shift and gives signal i that shift plus i: every shift is uniform, but not independent
# Says: distinct results
def random_shifts(key, xs):
    n, d = xs.shape
    shifts = (jax.random.randint(key, (), 0, d) + jnp.arange(n)) % d
    return jax.vmap(jnp.roll)(xs, shifts)
