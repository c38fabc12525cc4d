# Wrong: adds up the positions of the devices that hold the largest value, so ties on several devices are summed
# Says: lowest position
def global_argmax(block):
    local = jnp.argmax(block)
    value = block[local]
    position = (lax.axis_index("devices") * block.shape[0] + local).astype(jnp.int32)
    best = lax.pmax(value, "devices")
    return lax.psum(jnp.where(value == best, position, 0), "devices")
