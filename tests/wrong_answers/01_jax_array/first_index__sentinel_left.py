# Wrong: takes the minimum position from a start of len(ids) but never turns that start into -1 for absent ids
# Says: does not occur, -1
def first_index(ids, n):
    m = ids.shape[0]
    return jnp.full(n, m, dtype=jnp.int32).at[ids].min(jnp.arange(m, dtype=jnp.int32))
