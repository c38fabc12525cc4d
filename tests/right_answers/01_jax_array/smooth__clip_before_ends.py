# Right: clips the averages with jnp.maximum before the ends copy them (the same values: clipping commutes with copying)
def smooth(signal):
    inner = jnp.maximum((signal[:-2] + signal[1:-1] + signal[2:]) / 3, 0.0)
    return jnp.concatenate([inner[:1], inner, inner[-1:]])
