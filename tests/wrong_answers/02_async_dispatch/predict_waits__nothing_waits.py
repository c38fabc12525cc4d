# Wrong: believes that only the explicit waits of the lesson's table (float, bool, np.asarray, print) wait
# Says: wrong, does not wait
def predict_waits():
    return {key: False for key in ["mask_index", "where_select", "list_index", "array_index", "mask_set", "mask_count",
                                 "range_loop", "index_set", "arange", "slice_to", "python_max", "sum",
                                 "numpy_mean", "jnp_mean"]}
