# Wrong: moves head on by count without wrapping it, so it leaves the range 0 .. c - 1
# Says: new head
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    i = jnp.arange(k)
    positions = jnp.where((i < count) & (i >= count - c), (head + i) % c, c)
    return buffer.at[positions].set(values, mode="drop"), (head + count).astype(jnp.int32)
