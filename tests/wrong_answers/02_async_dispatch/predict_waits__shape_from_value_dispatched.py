# Wrong: believes that any JAX call on a device integer is dispatched, even one whose shape is that integer
# Says: slice_to, shape
# Caught: hidden (the visible lines take no shape from a value)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False,
            "mask_set": True, "mask_count": False, "range_loop": True, "index_set": False, "arange": False,
            "slice_to": False, "python_max": True, "sum": False, "numpy_mean": True, "jnp_mean": False}
