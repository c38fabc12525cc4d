# Wrong: pads the indices with jnp.nonzero's default fill 0, so the padding repeats x[0] instead of zeros
# Says: then zeros
def compact_positive(x):
    (index,) = jnp.nonzero(x > 0, size=x.shape[0])
    return x[index], jnp.sum(x > 0, dtype=jnp.int32)
