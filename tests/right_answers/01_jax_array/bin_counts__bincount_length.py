# Right: jnp.bincount with a fixed length, after moving every value outside [lo, hi) to index bins (beyond length)
def bin_counts(values, lo, hi, bins):
    k = jnp.floor((values - lo) / ((hi - lo) / bins)).astype(jnp.int32)
    k = jnp.where((values < lo) | (k >= bins), bins, k)
    return jnp.bincount(k, length=bins + 1)[:bins].astype(jnp.int32)
