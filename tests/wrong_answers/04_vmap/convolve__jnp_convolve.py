# Wrong: hands the work to jnp.convolve (with int32 kept), where the exercise asks to build the convolution
# Says: yourself, jnp.convolve
def convolve(x, w):
    return jnp.convolve(x, w, mode="valid").astype(jnp.result_type(x, w))
