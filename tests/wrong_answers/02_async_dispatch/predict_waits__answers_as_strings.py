# Wrong: answers with the strings "yes" and "no" instead of the booleans True and False
# Says: True or False
def predict_waits():
    return {"mask_index": "yes", "where_select": "no", "list_index": "yes", "array_index": "no",
            "mask_set": "yes", "mask_count": "no", "range_loop": "yes", "index_set": "no", "arange": "yes",
            "slice_to": "yes", "python_max": "yes", "sum": "no", "numpy_mean": "yes", "jnp_mean": "no"}
