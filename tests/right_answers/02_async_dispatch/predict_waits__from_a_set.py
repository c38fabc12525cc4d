# Right: builds the dict from the set of lines that wait instead of writing out ten literals
def predict_waits():
    waiting = {"python_max", "debug_fstring", "sorted", "np_mean"}
    keys = ["fstring_shape", "jnp_float32", "python_max", "python_sum", "debug_fstring", "debug_args", "round",
            "sorted", "np_mean", "jnp_where"]
    return {key: key in waiting for key in keys}
