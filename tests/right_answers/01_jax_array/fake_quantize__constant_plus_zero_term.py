# Right: the quantized steps as a constant plus a term that is 0 in value but carries the derivative, both
# multiplied by scale
def fake_quantize(x, scale):
    steps = jnp.clip(x / scale, -128, 127)
    q = jax.lax.stop_gradient(jnp.round(steps))
    return q * scale + (steps - jax.lax.stop_gradient(steps)) * scale
