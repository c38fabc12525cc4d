# Wrong: writes every real value (padding sent out of range), relying on the last of several writes to one entry
# winning when count > c (order left open)
# Says: order
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    i = jnp.arange(k)
    positions = jnp.where(i < count, (head + i) % c, c)
    return buffer.at[positions].set(values, mode="drop"), ((head + count) % c).astype(jnp.int32)
