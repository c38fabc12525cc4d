# Wrong: rolls along the batch axis (whole signals move between rows) instead of rotating each signal
# Says: rotated
def random_shifts(key, xs):
    return jnp.roll(xs, jax.random.randint(key, (), 0, xs.shape[1]), axis=0)
