# Right: adds a mask (1 inside [lo, hi), 0 outside) at the clipped bin index, so nothing outside counts
def bin_counts(values, lo, hi, bins):
    k = jnp.clip(jnp.floor((values - lo) / (hi - lo) * bins), 0, bins - 1).astype(jnp.int32)
    inside = ((values >= lo) & (values < hi)).astype(jnp.int32)
    return jnp.zeros(bins, jnp.int32).at[k].add(inside)
