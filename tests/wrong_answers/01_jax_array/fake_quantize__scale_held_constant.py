# Wrong: the straight-through estimator in units of steps, but with scale held constant (stop_gradient), so the
# derivative for scale is 0 everywhere
# Says: scale
def fake_quantize(x, scale):
    scale = jax.lax.stop_gradient(scale)
    steps = jnp.clip(x / scale, -128, 127)
    return (steps + jax.lax.stop_gradient(jnp.round(steps) - steps)) * scale
