# Right: calls jnp.convolve in "valid" mode and asks for the result dtype with preferred_element_type
def convolve(x, w):
    return jnp.convolve(x, w, mode="valid", preferred_element_type=jnp.result_type(x, w))
