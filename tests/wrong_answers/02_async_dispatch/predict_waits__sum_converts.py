# Wrong: believes that sum() turns each array into a Python number
# Says: sum, dispatched
# Caught: hidden (the four visible lines have no sum; the summing lines are hidden ones)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False,
            "mask_set": True, "mask_count": False, "range_loop": True, "index_set": False, "arange": True,
            "slice_to": True, "python_max": True, "sum": True, "numpy_mean": True, "jnp_mean": False}
