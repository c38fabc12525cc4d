# Wrong: astype(int32) rounds toward zero, so a value just below lo lands in bin 0 (negative indices are dropped)
# Says: toward 0
def bin_counts(values, lo, hi, bins):
    k = ((values - lo) / ((hi - lo) / bins)).astype(jnp.int32)
    k = jnp.where(k < 0, bins, k)
    return jnp.zeros(bins, jnp.int32).at[k].add(1)
