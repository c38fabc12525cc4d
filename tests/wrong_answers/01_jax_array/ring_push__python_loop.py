# Wrong: reads count with int() to slice off the padding, which cannot work on a traced value under jax.jit
# Says: jax.jit
def ring_push(buffer, head, values, count):
    c, n = buffer.shape[0], int(count)
    first = max(n - c, 0)
    return buffer.at[(head + jnp.arange(first, n)) % c].set(values[first:n]), ((head + n) % c).astype(jnp.int32)
