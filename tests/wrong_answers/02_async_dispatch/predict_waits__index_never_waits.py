# Wrong: believes that a device integer used as a list index or a range count never waits, as in a jax.Array
# Says: 1 of the first four, does not wait
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": False, "array_index": False,
            "mask_set": True, "mask_count": False, "range_loop": False, "index_set": False, "arange": True,
            "slice_to": True, "python_max": True, "sum": False, "numpy_mean": True, "jnp_mean": False}
