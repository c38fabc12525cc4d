# Right: builds the dict from the set of lines that wait instead of writing out fourteen literals
def predict_waits():
    waiting = {"mask_index", "list_index", "mask_set", "range_loop", "arange", "slice_to", "python_max", "numpy_mean"}
    keys = ["mask_index", "where_select", "list_index", "array_index", "mask_set", "mask_count", "range_loop",
            "index_set", "arange", "slice_to", "python_max", "sum", "numpy_mean", "jnp_mean"]
    return {key: key in waiting for key in keys}
