# Right: rotates the buffer so that head is at 0, appends the values, keeps the last c, and rotates back
def ring_push(buffer, head, values):
    c, k = buffer.shape[0], values.shape[0]
    oldest_first = jnp.roll(buffer, -head)
    window = jnp.concatenate([oldest_first, values])[-c:]
    return jnp.roll(window, head + k), ((head + k) % c).astype(jnp.int32)
