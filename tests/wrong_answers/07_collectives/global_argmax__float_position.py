# Wrong: right position, but computed and returned as a float32, not an int32
# Says: int32
def global_argmax(block):
    local = jnp.argmax(block)
    value = block[local]
    position = (lax.axis_index("devices") * block.shape[0] + local).astype(jnp.float32)
    best = lax.pmax(value, "devices")
    return lax.pmin(jnp.where(value == best, position, jnp.inf), "devices")
