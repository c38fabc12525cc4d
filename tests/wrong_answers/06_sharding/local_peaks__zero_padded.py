# Wrong: the differences by jnp.convolve with its zero padding: the ends are compared with 0, not with nothing
# Says: sample
# Caught: hidden (the visible signal is never negative, so 0 beyond its ends changes nothing)
def local_peaks(x):
    from_left = jnp.convolve(x, jnp.array([0.0, 1.0, -1.0], x.dtype), mode="same")
    from_right = jnp.convolve(x, jnp.array([-1.0, 1.0, 0.0], x.dtype), mode="same")
    return (from_left >= 0) & (from_right >= 0)
