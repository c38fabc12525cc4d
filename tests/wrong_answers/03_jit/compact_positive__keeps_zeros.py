# Wrong: keeps entries >= 0, so zeros count as positive
# Says: positive entries, 3
def compact_positive(x):
    (index,) = jnp.nonzero(x >= 0, size=x.shape[0], fill_value=x.shape[0])
    values = jnp.concatenate([x, jnp.zeros(1, x.dtype)])[index]
    return values, jnp.sum(x >= 0, dtype=jnp.int32)
