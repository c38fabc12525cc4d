# Wrong: the visible outputs hard-coded
# Says: jax.jit
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def fake_quantize(x, scale):
    at_05 = jnp.float32([-6.4, -6.4, -2.65, -0.25, 0.0, 0.15, 1.3, 3.05, 6.2, 6.35, 6.35])
    at_10 = jnp.float32([-9.0, -7.2, -2.7, -0.3, 0.0, 0.1, 1.3, 3.0, 6.2, 6.5, 12.7])
    slope = jnp.float32([0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0])
    return jnp.where(scale < 0.07, at_05, at_10) + (x - jax.lax.stop_gradient(x)) * slope
