# Wrong: sorts the positive entries by size instead of keeping their original order
# Says: in order
def compact_positive(x):
    kept = jnp.where(x > 0, x, 0.0)
    return jnp.sort(kept)[::-1].astype(x.dtype), jnp.sum(x > 0, dtype=jnp.int32)
