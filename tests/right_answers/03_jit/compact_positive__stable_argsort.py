# Right: a stable argsort moves the positive entries to the front in order, then masks the rest
def compact_positive(x):
    mask = x > 0
    order = jnp.argsort(~mask, stable=True)
    return jnp.where(mask[order], x[order], 0).astype(x.dtype), jnp.count_nonzero(mask).astype(jnp.int32)
