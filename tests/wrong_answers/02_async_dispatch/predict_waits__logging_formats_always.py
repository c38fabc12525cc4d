# Wrong: right on the first five lines, but believes logging formats a dropped debug message's arguments too
# Says: debug_args, never formatted
# Caught: hidden (the visible test checks the first five lines, which this answer gets right)
def predict_waits():
    return {"fstring_shape": False, "jnp_float32": False, "python_max": True, "python_sum": False,
            "debug_fstring": True, "debug_args": True, "round": False, "sorted": True, "np_mean": True,
            "jnp_where": False}
