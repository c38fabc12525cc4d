# Right: jax.ops.segment_min of the positions (empty segments get the int32 maximum, turned into -1)
def first_index(ids, n):
    first = jax.ops.segment_min(jnp.arange(ids.shape[0], dtype=jnp.int32), ids, num_segments=n)
    return jnp.where(first == jnp.iinfo(jnp.int32).max, -1, first)
