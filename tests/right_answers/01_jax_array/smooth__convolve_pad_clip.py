# Right: averages with jnp.convolve, extends the ends with jnp.pad(mode="edge") and clips with jnp.clip
def smooth(signal):
    inner = jnp.convolve(signal, jnp.ones(3, dtype=signal.dtype) / 3, mode="valid")
    return jnp.clip(jnp.pad(inner, 1, mode="edge"), min=0.0)
