# Wrong: the visible outputs hard-coded
# Says: boolean
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def local_peaks(x):
    peaks = [0, 3, 8, 9, 10, 11, 13, 15, 17, 19, 20, 22, 24, 25, 27, 30, 31]  # the visible test's answer, 8 devices
    want = jnp.zeros(32, bool).at[jnp.array(peaks)].set(True)
    return jax.sharding.reshard(want, jax.typeof(x).sharding.spec)
