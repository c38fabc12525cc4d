# Right: no scatter at all: each position gathers the last real value that lands on it, found by modular arithmetic
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    slot = jnp.arange(c)
    first = (slot - head) % c                       # the first value index that lands on each slot
    last = first + c * ((count - 1 - first) // c)   # the last real one: same slot, c values later each time
    written = first < count
    new = jnp.where(written, values[jnp.clip(last, 0, k - 1)], buffer)
    return new.astype(buffer.dtype), ((head + count) % c).astype(jnp.int32)
