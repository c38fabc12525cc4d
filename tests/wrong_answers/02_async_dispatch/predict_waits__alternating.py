# Wrong: answers True, False, True, False, ... down the table, guessing an alternating pattern
# Says: 2 of the first four, 1 say a line waits
def predict_waits():
    keys = ["mask_index", "list_index", "where_select", "array_index", "mask_set", "sum", "index_set", "slice_to",
            "range_loop", "mask_count", "arange", "python_max", "numpy_mean", "jnp_mean"]
    return {key: k % 2 == 0 for k, key in enumerate(keys)}
