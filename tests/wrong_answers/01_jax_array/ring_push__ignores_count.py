# Wrong: pushes all k values, the padding included, as if count were k
# Says: count=2
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    first = max(k - c, 0)
    return buffer.at[(head + jnp.arange(first, k)) % c].set(values[first:]), ((head + k) % c).astype(jnp.int32)
