# Wrong: mode="clip" moves ids >= n onto the last entry instead of ignoring them
# Says: clipped
def first_index(ids, n):
    m = ids.shape[0]
    first = jnp.full(n, m, dtype=jnp.int32).at[ids].min(jnp.arange(m, dtype=jnp.int32), mode="clip")
    return jnp.where(first == m, -1, first)
