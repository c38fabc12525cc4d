# Right: rotates the buffer so that head is at 0, appends the values, cuts the c entries that end at the last real
# value with a slice of traced start, and rotates back
def ring_push(buffer, head, values, count):
    c = buffer.shape[0]
    oldest_first = jnp.roll(buffer, -head)
    window = jax.lax.dynamic_slice_in_dim(jnp.concatenate([oldest_first, values]), count, c)
    return jnp.roll(window, head + count), ((head + count) % c).astype(jnp.int32)
