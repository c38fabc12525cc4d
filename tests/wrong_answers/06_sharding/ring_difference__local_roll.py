# Wrong: rolls inside its own block, so each block wraps onto itself instead of reading the next device
def ring_difference(block):
    return jnp.roll(block, -1) - block
