# Wrong: computes in NumPy on the host, which cannot work under jax.jit
# Says: jax.jit
def convolve(x, w):
    return jnp.asarray(np.convolve(np.asarray(x), np.asarray(w), mode="valid"))
