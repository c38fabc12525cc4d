# Right: gathers one maximum per device, picks the first device holding the largest, which psums its position
def global_argmax(block):
    local = jnp.argmax(block)
    maxima = lax.all_gather(block[local], "devices")  # one scalar sent per device
    winner = jnp.argmax(maxima)  # the first device whose maximum is the largest
    position = lax.axis_index("devices") * block.shape[0] + local
    return lax.psum(jnp.where(lax.axis_index("devices") == winner, position, 0), "devices").astype(jnp.int32)
