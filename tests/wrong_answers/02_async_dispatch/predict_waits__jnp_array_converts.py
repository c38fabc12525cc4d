# Wrong: believes that jnp.array of a list of JAX arrays goes through the host, as np.mean does
# Says: jnp_mean, stacks
# Caught: hidden (the four visible lines build no array from a list)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False,
            "mask_set": True, "mask_count": False, "range_loop": True, "index_set": False, "arange": True,
            "slice_to": True, "python_max": True, "sum": False, "numpy_mean": True, "jnp_mean": True}
