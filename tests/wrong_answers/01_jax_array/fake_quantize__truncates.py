# Wrong: truncates towards zero (an int32 cast) instead of rounding to the nearest step
# Says: round
def fake_quantize(x, scale):
    steps = jnp.clip(x / scale, -128, 127)
    truncated = steps.astype(jnp.int32).astype(jnp.float32)
    return (steps + jax.lax.stop_gradient(truncated - steps)) * scale
