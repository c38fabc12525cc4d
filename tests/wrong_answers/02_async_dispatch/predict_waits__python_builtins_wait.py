# Wrong: believes that every Python built-in applied to arrays (sum, round) needs their values
# Says: python_sum, sum only adds
def predict_waits():
    return {"fstring_shape": False, "jnp_float32": False, "python_max": True, "python_sum": True,
            "debug_fstring": True, "debug_args": False, "round": True, "sorted": True, "np_mean": True,
            "jnp_where": False}
