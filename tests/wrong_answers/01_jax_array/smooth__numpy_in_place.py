# Wrong: copies to NumPy and assigns in place there, so it cannot run under jax.jit or jax.vmap
# Says: NumPy
def smooth(signal):
    out = np.array(signal)
    out[1:-1] = (out[:-2] + out[1:-1] + out[2:]) / 3
    out[0] = out[1]
    out[-1] = out[-2]
    out[out < 0] = 0.0
    return jnp.asarray(out)
