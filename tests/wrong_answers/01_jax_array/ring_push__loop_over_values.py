# Wrong: a Python loop over values, one .at[].set per value: under jax.jit it unrolls into k copies of the update
# Says: python loop
def ring_push(buffer, head, values):
    c = buffer.shape[0]
    for value in values:
        buffer = buffer.at[head].set(value)
        head = (head + 1) % c
    return buffer, jnp.asarray(head, dtype=jnp.int32)
