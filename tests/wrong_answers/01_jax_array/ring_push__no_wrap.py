# Wrong: writes from head without wrapping round the end, so .at[] silently drops the writes past position c - 1
# Says: wraps
def ring_push(buffer, head, values):
    c, k = buffer.shape[0], values.shape[0]
    first = max(k - c, 0)
    return buffer.at[head + jnp.arange(first, k)].set(values[first:]), ((head + k) % c).astype(jnp.int32)
