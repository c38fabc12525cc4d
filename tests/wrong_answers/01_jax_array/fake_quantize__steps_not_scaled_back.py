# Wrong: returns the integer steps themselves, forgetting to multiply them back by scale
# Says: scale
def fake_quantize(x, scale):
    steps = jnp.clip(x / scale, -128, 127)
    return steps + jax.lax.stop_gradient(jnp.round(steps) - steps)
