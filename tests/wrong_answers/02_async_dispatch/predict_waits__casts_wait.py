# Wrong: believes that jnp.float32(loss) converts to a Python-side number like float(loss), so it waits
# Says: jnp_float32, returns an array
def predict_waits():
    return {"fstring_shape": False, "jnp_float32": True, "python_max": True, "python_sum": False,
            "debug_fstring": True, "debug_args": False, "round": False, "sorted": True, "np_mean": True,
            "jnp_where": False}
