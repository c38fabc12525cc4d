# Wrong: believes that only the conversions of the lesson's table wait, so Python's max, sorted and an f-string do not
# Says: python_max, bool()
def predict_waits():
    return {"fstring_shape": False, "jnp_float32": False, "python_max": False, "python_sum": False,
            "debug_fstring": False, "debug_args": False, "round": False, "sorted": False, "np_mean": True,
            "jnp_where": False}
