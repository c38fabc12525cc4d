# Wrong: a Python loop over the positions from last to first, one .at[].set each, which unrolls into m updates
# Says: python loop
def first_index(ids, n):
    out = jnp.full(n, -1, dtype=jnp.int32)
    for i in range(ids.shape[0] - 1, -1, -1):
        out = out.at[ids[i]].set(i)
    return out
