# Wrong: a Python loop that turns each value into a Python int, which cannot work on traced values under jax.jit
# Says: jax.jit
def bin_counts(values, lo, hi, bins):
    counts = [0] * bins
    for v in values:
        k = int((float(v) - lo) // ((hi - lo) / bins))
        if 0 <= k < bins:
            counts[k] += 1
    return jnp.array(counts, dtype=jnp.int32)
