# Wrong: a Python loop over values, one masked .at[].set per value: under jax.jit it unrolls into k copies
# Says: python loop
def ring_push(buffer, head, values, count):
    c = buffer.shape[0]
    for i, value in enumerate(values):
        buffer = buffer.at[head].set(jnp.where(i < count, value, buffer[head]))
        head = jnp.where(i < count, (head + 1) % c, head)
    return buffer, jnp.asarray(head, dtype=jnp.int32)
