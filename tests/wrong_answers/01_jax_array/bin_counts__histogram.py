# Wrong: jnp.histogram's last bin includes hi, so a value equal to hi is counted
# Says: at or above hi
def bin_counts(values, lo, hi, bins):
    counts, _ = jnp.histogram(values, bins, range=(lo, hi))
    return counts.astype(jnp.int32)
