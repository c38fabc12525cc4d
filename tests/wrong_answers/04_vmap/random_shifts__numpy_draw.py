# Wrong: draws the shifts with NumPy, which jax.jit freezes into constants: every key gives the same result
# Says: draw shifts from key
def random_shifts(key, xs):
    shifts = np.random.default_rng(0).integers(0, xs.shape[1], xs.shape[0])
    return jax.vmap(jnp.roll)(xs, jnp.asarray(shifts))
