# Wrong: uses mode "same" (output as long as the signal) instead of "valid"
def convolve(x, w):
    return jnp.convolve(x, w, mode="same")
