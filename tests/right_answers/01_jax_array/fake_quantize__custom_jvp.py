# Right: a jax.custom_jvp whose rule passes the tangent where x / scale lies inside the int8 range
@jax.custom_jvp
def fake_quantize(x, scale):
    return jnp.clip(jnp.round(x / scale), -128, 127) * scale


@fake_quantize.defjvp
def _fake_quantize_jvp(primals, tangents):
    x, scale = primals
    dx, _ = tangents
    steps = x / scale
    inside = (steps >= -128) & (steps <= 127)
    return fake_quantize(x, scale), jnp.where(inside, dx, jnp.zeros_like(dx))
