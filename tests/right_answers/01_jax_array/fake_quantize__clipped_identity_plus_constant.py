# Right: clips x itself (derivative 1 inside, 0 outside), then swaps its value for the quantized one as a constant
def fake_quantize(x, scale):
    clipped = jnp.clip(x, -128 * scale, 127 * scale)
    quantized = jnp.clip(jnp.round(x / scale), -128, 127) * scale
    return clipped - jax.lax.stop_gradient(clipped) + jax.lax.stop_gradient(quantized)
