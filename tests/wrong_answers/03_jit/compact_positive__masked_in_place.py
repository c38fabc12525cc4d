# Wrong: zeroes the entries that are not positive but leaves the positive ones where they were
# Says: in order, then zeros
def compact_positive(x):
    return jnp.where(x > 0, x, 0.0).astype(x.dtype), jnp.sum(x > 0, dtype=jnp.int32)
