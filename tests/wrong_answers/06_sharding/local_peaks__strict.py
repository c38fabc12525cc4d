# Wrong: a peak must be strictly larger than both neighbours (the statement counts ties)
# Says: sample
def local_peaks(x):
    left = lax.pad(x, -jnp.inf, [(1, -1, 0)])
    right = lax.pad(x, -jnp.inf, [(-1, 1, 0)])
    return (x > left) & (x > right)
