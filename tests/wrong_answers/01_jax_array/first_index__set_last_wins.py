# Wrong: .at[].set with repeated ids keeps one of the positions (the last one here), not the first
# Says: first occur
def first_index(ids, n):
    return jnp.full(n, -1, dtype=jnp.int32).at[ids].set(jnp.arange(ids.shape[0], dtype=jnp.int32))
