# Wrong: rounds and clips without a straight-through term, so jax.grad of jnp.round gives 0 everywhere
# Says: straight
def fake_quantize(x, scale):
    return jnp.clip(jnp.round(x / scale), -128, 127) * scale
