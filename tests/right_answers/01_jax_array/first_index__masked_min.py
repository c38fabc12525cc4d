# Right: the smallest position per id from a masked table of positions (no scatter at all)
def first_index(ids, n):
    m = ids.shape[0]
    positions = jnp.where(ids[None, :] == jnp.arange(n)[:, None], jnp.arange(m), m)
    first = positions.min(axis=1, initial=m)
    return jnp.where(first == m, -1, first).astype(jnp.int32)
