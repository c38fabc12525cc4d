# Wrong: computes the peaks in NumPy on the host (fails under jax.jit, and would gather the signal)
# Says: raised
def local_peaks(x):
    y = np.asarray(x)
    left, right = np.r_[-np.inf, y[:-1]], np.r_[y[1:], -np.inf]
    return jnp.asarray((y >= left) & (y >= right))
