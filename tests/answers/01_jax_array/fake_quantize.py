# %% right: constant_plus_zero_term
# Right: the quantized steps as a constant plus a term that is 0 in value but carries the derivative, both
# multiplied by scale
def fake_quantize(x, scale):
    steps = jnp.clip(x / scale, -128, 127)
    q = jax.lax.stop_gradient(jnp.round(steps))
    return q * scale + (steps - jax.lax.stop_gradient(steps)) * scale


# %% right: custom_jvp
# Right: a jax.custom_jvp whose rule writes both derivatives out: the x tangent passes inside the int8 range, the
# scale tangent is multiplied by q - x / scale inside and by q outside
@jax.custom_jvp
def fake_quantize(x, scale):
    return jnp.clip(jnp.round(x / scale), -128, 127) * scale


@fake_quantize.defjvp
def _fake_quantize_jvp(primals, tangents):
    x, scale = primals
    dx, dscale = tangents
    steps = x / scale
    q = jnp.clip(jnp.round(steps), -128, 127)
    inside = (steps >= -128) & (steps <= 127)
    tangent = jnp.where(inside, dx, 0) + dscale * jnp.where(inside, q - steps, q)
    return q * scale, tangent


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: jax.jit
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def fake_quantize(x, scale):
    value = jnp.float32([-6.4, -6.4, -2.65, -0.25, 0.0, 0.15, 1.3, 3.05, 6.2, 6.35, 6.35])
    slope = jnp.float32([0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0])
    for_scale = jnp.float32([-128, -128, 0.2, 0.2, 0, 0.2, 0, 0.4, 0, 127, 127])
    return value + (x - jax.lax.stop_gradient(x)) * slope + (scale - jax.lax.stop_gradient(scale)) * for_scale


# %% wrong: int8_cast
# Wrong: stores the steps as int8 and converts back, which gives the right values but a gradient of 0
# Says: straight
def fake_quantize(x, scale):
    steps = jnp.round(x / scale).astype(jnp.int8)
    return steps.astype(jnp.float32) * scale


# %% wrong: returns_x
# Wrong: returns x unchanged (the right gradient, but no rounding)
# Says: clip, round
def fake_quantize(x, scale):
    return x


# %% wrong: round_only
# Wrong: rounds and clips without a straight-through term, so jax.grad of jnp.round gives 0 everywhere
# Says: straight
def fake_quantize(x, scale):
    return jnp.clip(jnp.round(x / scale), -128, 127) * scale


# %% wrong: scale_held_constant
# Wrong: the straight-through estimator in units of steps, but with scale held constant (stop_gradient), so the
# derivative for scale is 0 everywhere
# Says: scale
def fake_quantize(x, scale):
    scale = jax.lax.stop_gradient(scale)
    steps = jnp.clip(x / scale, -128, 127)
    return (steps + jax.lax.stop_gradient(jnp.round(steps) - steps)) * scale


# %% wrong: steps_not_scaled_back
# Wrong: returns the integer steps themselves, forgetting to multiply them back by scale
# Says: scale
def fake_quantize(x, scale):
    steps = jnp.clip(x / scale, -128, 127)
    return steps + jax.lax.stop_gradient(jnp.round(steps) - steps)


# %% wrong: stop_gradient_everything
# Wrong: wraps the whole quantized value in stop_gradient, which makes every derivative 0
# Says: straight
def fake_quantize(x, scale):
    return jax.lax.stop_gradient(jnp.clip(jnp.round(x / scale), -128, 127) * scale)


# %% wrong: straight_through_in_x_units
# Wrong: the straight-through estimator in units of x (clip x, swap in the quantized value as a constant): the
# derivative for x is right, but for scale it is 0 inside the int8 range instead of q - x / scale
# Says: scale, inside
def fake_quantize(x, scale):
    clipped = jnp.clip(x, -128 * scale, 127 * scale)
    quantized = jnp.clip(jnp.round(x / scale), -128, 127) * scale
    return clipped + jax.lax.stop_gradient(quantized - clipped)


# %% wrong: straight_through_unclipped
# Wrong: passes the gradient straight through everywhere, also where the clipping holds the value fixed
# Says: for x, int8 range
def fake_quantize(x, scale):
    quantized = jnp.clip(jnp.round(x / scale), -128, 127) * scale
    return x + jax.lax.stop_gradient(quantized - x)


# %% wrong: truncates
# Wrong: truncates towards zero (an int32 cast) instead of rounding to the nearest step
# Says: round
def fake_quantize(x, scale):
    steps = jnp.clip(x / scale, -128, 127)
    truncated = steps.astype(jnp.int32).astype(jnp.float32)
    return (steps + jax.lax.stop_gradient(truncated - steps)) * scale
