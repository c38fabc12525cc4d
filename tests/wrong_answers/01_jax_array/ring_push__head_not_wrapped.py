# Wrong: moves head on by k without wrapping it, so it leaves the range 0 .. c - 1
# Says: new head
def ring_push(buffer, head, values):
    c, k = buffer.shape[0], values.shape[0]
    first = max(k - c, 0)
    return buffer.at[(head + jnp.arange(first, k)) % c].set(values[first:]), head + k
