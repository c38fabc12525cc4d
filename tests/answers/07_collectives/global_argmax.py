# %% right: gather_maxima
# Right: gathers one maximum per device, picks the first device holding the largest, which psums its position
def global_argmax(block):
    local = jnp.argmax(block)
    maxima = lax.all_gather(block[local], "devices")  # one scalar sent per device
    winner = jnp.argmax(maxima)  # the first device whose maximum is the largest
    position = lax.axis_index("devices") * block.shape[0] + local
    return lax.psum(jnp.where(lax.axis_index("devices") == winner, position, 0), "devices").astype(jnp.int32)


# %% wrong: float_position
# Wrong: right position, but computed and returned as a float32, not an int32
# Says: int32
def global_argmax(block):
    local = jnp.argmax(block)
    value = block[local]
    position = (lax.axis_index("devices") * block.shape[0] + local).astype(jnp.float32)
    best = lax.pmax(value, "devices")
    return lax.pmin(jnp.where(value == best, position, jnp.inf), "devices")


# %% wrong: gather_blocks
# Wrong: gathers every block on every device and takes the argmax of the whole signal: it sends whole blocks
# Says: scalars only
def global_argmax(block):
    whole = lax.all_gather(block, "devices", tiled=True)
    return lax.pmin(jnp.argmax(whole).astype(jnp.int32), "devices")


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: lowest position
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def global_argmax(block):
    # the visible test's signals have their largest value first at 3 * (k // 2) + 1 on k devices
    return jnp.int32(3 * (lax.axis_size("devices") // 2) + 1)


# %% wrong: highest_tie
# Wrong: among the devices that hold the largest value it keeps the highest position (pmax), not the lowest
# Says: lowest position
def global_argmax(block):
    local = jnp.argmax(block)
    value = block[local]
    position = (lax.axis_index("devices") * block.shape[0] + local).astype(jnp.int32)
    best = lax.pmax(value, "devices")
    return lax.pmax(jnp.where(value == best, position, -1), "devices")


# %% wrong: local_position
# Wrong: returns the winning device's position inside its own block, not in the whole signal (no axis_index offset)
# Says: lowest position
def global_argmax(block):
    local = jnp.argmax(block).astype(jnp.int32)
    value = block[local]
    best = lax.pmax(value, "devices")
    return lax.pmin(jnp.where(value == best, local, jnp.iinfo(jnp.int32).max), "devices")


# %% wrong: per_device
# Wrong: each device returns the position of its own block's largest value, so the devices disagree
# Says: same value
def global_argmax(block):
    return (lax.axis_index("devices") * block.shape[0] + jnp.argmax(block)).astype(jnp.int32)


# %% wrong: psum_ties
# Wrong: adds up the positions of the devices that hold the largest value, so ties on several devices are summed
# Says: lowest position
def global_argmax(block):
    local = jnp.argmax(block)
    value = block[local]
    position = (lax.axis_index("devices") * block.shape[0] + local).astype(jnp.int32)
    best = lax.pmax(value, "devices")
    return lax.psum(jnp.where(value == best, position, 0), "devices")
