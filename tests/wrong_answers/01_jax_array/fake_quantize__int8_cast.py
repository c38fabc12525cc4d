# Wrong: stores the steps as int8 and converts back, which gives the right values but a gradient of 0
# Says: straight
def fake_quantize(x, scale):
    steps = jnp.round(x / scale).astype(jnp.int8)
    return steps.astype(jnp.float32) * scale
