# Wrong: copies to NumPy and loops in Python, so it returns a NumPy array and cannot run under jax.jit
def tally(counts, idx):
    out = np.array(counts)
    for i in np.asarray(idx):
        if i < out.shape[0]:
            out[i] += 1
    return out
