# Wrong: a constant: no sample is a peak
# Says: sample
def local_peaks(x):
    return jnp.zeros_like(x, dtype=bool)
