# Wrong: jnp.convolve promotes integer inputs to float, so int32 inputs do not give an int32 result
def convolve(x, w):
    return jnp.convolve(x, w, mode="valid")
