# Wrong: the visible outputs hard-coded
# Says: jax.jit
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def fake_quantize(x, scale):
    value = jnp.float32([-6.4, -6.4, -2.65, -0.25, 0.0, 0.15, 1.3, 3.05, 6.2, 6.35, 6.35])
    slope = jnp.float32([0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0])
    for_scale = jnp.float32([-128, -128, 0.2, 0.2, 0, 0.2, 0, 0.4, 0, 127, 127])
    return value + (x - jax.lax.stop_gradient(x)) * slope + (scale - jax.lax.stop_gradient(scale)) * for_scale
