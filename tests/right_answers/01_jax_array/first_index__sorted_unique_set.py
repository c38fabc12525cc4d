# Right: a stable sort groups equal ids; only the first of each group is written, so every .set writes a distinct entry
def first_index(ids, n):
    order = jnp.argsort(ids, stable=True)
    ordered = ids[order]
    starts = jnp.concatenate([jnp.array([True]), ordered[1:] != ordered[:-1]])
    target = jnp.where(starts, ordered, n)  # n is past the end: dropped
    return jnp.full(n, -1, dtype=jnp.int32).at[target].set(order.astype(jnp.int32), mode="drop")
