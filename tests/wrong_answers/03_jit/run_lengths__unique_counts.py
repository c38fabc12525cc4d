# Wrong: jnp.unique with counts: it merges equal values from different runs and sorts them
# Says: count
def run_lengths(x):
    values, lengths = jnp.unique(x, return_counts=True, size=x.shape[0], fill_value=0)
    return values, lengths.astype(jnp.int32), jnp.sum(lengths > 0, dtype=jnp.int32)
