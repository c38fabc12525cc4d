# Right: builds the result with jnp.concatenate (ends copy the first and last averages) and clips with jnp.maximum
def smooth(signal):
    inner = (signal[:-2] + signal[1:-1] + signal[2:]) / 3
    out = jnp.concatenate([inner[:1], inner, inner[-1:]])
    return jnp.maximum(out, 0.0)
