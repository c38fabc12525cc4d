# Wrong: counts with a float sum, so count is a float32 instead of an int32
# Says: count, int32
def compact_positive(x):
    (index,) = jnp.nonzero(x > 0, size=x.shape[0], fill_value=x.shape[0])
    values = jnp.concatenate([x, jnp.zeros(1, x.dtype)])[index]
    return values, jnp.sum(jnp.where(x > 0, 1.0, 0.0))
