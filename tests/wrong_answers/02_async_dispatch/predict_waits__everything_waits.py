# Wrong: believes that every line that hands an array to Python, NumPy or an index waits for its value
# Says: wrong, 2 say a line waits
def predict_waits():
    return {key: True for key in ["mask_index", "where_select", "list_index", "array_index", "mask_set", "mask_count",
                                 "range_loop", "index_set", "arange", "slice_to", "python_max", "sum",
                                 "numpy_mean", "jnp_mean"]}
