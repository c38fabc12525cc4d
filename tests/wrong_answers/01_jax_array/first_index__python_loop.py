# Wrong: a Python loop that reads each id with int(), which cannot work on traced values under jax.jit
# Says: jax.jit
def first_index(ids, n):
    out = [-1] * n
    for i in range(ids.shape[0]):
        k = int(ids[i])
        if k < n and out[k] == -1:
            out[k] = i
    return jnp.array(out, dtype=jnp.int32)
