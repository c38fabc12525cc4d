# Wrong: passes the gradient straight through everywhere, also where the clipping holds the value fixed
# Says: for x, int8 range
def fake_quantize(x, scale):
    quantized = jnp.clip(jnp.round(x / scale), -128, 127) * scale
    return x + jax.lax.stop_gradient(quantized - x)
