# Wrong: wraps the whole quantized value in stop_gradient, which makes every derivative 0
# Says: straight
def fake_quantize(x, scale):
    return jax.lax.stop_gradient(jnp.clip(jnp.round(x / scale), -128, 127) * scale)
