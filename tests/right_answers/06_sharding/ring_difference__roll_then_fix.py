# Right: rolls the block locally, then overwrites its last entry with the value received from the next device
def ring_difference(block):
    n = lax.axis_size("devices")
    received = lax.ppermute(block[0], "devices", [(d, (d + n - 1) % n) for d in range(n)])
    return jnp.roll(block, -1).at[-1].set(received) - block
