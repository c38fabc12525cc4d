# Wrong: the ring is written for 8 devices, so on another number of devices the permutation is invalid
def ring_difference(block):
    following = lax.ppermute(block[:1], "devices", [((i + 1) % 8, i) for i in range(8)])
    return jnp.concatenate([block[1:], following]) - block
