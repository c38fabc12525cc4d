# Wrong: centres each entry on the batch mean but forgets to divide by the standard deviation
# Says: divide
def normalize_example(x):
    return x - jax.lax.pmean(x, "batch")
