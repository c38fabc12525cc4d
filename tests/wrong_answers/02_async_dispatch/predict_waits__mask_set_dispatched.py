# Wrong: believes that a boolean mask inside .at[] is dispatched, since the result keeps the shape of x
# Says: mask_set, indices
# Caught: hidden (the visible lines index with a mask but do not set through one)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False,
            "mask_set": False, "mask_count": False, "range_loop": True, "index_set": False, "arange": True,
            "slice_to": True, "python_max": True, "sum": False, "numpy_mean": True, "jnp_mean": False}
