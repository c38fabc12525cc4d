# Wrong: a Python loop that reads head with int(), which cannot work on a traced value under jax.jit
# Says: jax.jit
def ring_push(buffer, head, values):
    c, h = buffer.shape[0], int(head)
    for value in values:
        buffer = buffer.at[h].set(value)
        h = (h + 1) % c
    return buffer, jnp.int32(h)
