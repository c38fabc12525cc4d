# Right: computes each positive entry's target position with cumsum and scatters with mode="drop", no nonzero
def compact_positive(x):
    mask = x > 0
    position = jnp.cumsum(mask) - 1
    target = jnp.where(mask, position, x.shape[0])  # out of range: dropped
    values = jnp.zeros_like(x).at[target].set(x, mode="drop")
    return values, jnp.sum(mask).astype(jnp.int32)
