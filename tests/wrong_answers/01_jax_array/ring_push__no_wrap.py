# Wrong: writes from head without wrapping round the end, so .at[] silently drops the writes past position c - 1
# Says: wraps
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    i = jnp.arange(k)
    positions = jnp.where((i < count) & (i >= count - c), head + i - jnp.maximum(count - c, 0), c)
    return buffer.at[positions].set(values, mode="drop"), ((head + count) % c).astype(jnp.int32)
