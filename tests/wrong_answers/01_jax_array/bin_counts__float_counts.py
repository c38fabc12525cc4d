# Wrong: counts into jnp.zeros(bins), a float32 array, instead of int32
# Says: int32
def bin_counts(values, lo, hi, bins):
    k = jnp.floor((values - lo) / ((hi - lo) / bins)).astype(jnp.int32)
    k = jnp.where(values < lo, bins, k)
    return jnp.zeros(bins).at[k].add(1)
