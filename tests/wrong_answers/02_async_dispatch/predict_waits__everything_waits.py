# Wrong: believes that every line that mentions an array waits for it, even one that reads only its shape and dtype
# Says: fstring_shape
def predict_waits():
    return {key: True for key in ["fstring_shape", "jnp_float32", "python_max", "python_sum", "debug_fstring",
                                  "debug_args", "round", "sorted", "np_mean", "jnp_where"]}
