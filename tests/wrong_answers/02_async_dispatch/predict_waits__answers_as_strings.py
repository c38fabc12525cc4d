# Wrong: answers with the strings "yes" and "no" instead of the booleans True and False
# Says: True or False
def predict_waits():
    return {"heap_push": "yes", "list_truth": "no", "numpy_times": "no", "numpy_maximum": "yes",
            "insort": "yes", "dict_truth": "no", "numpy_plus": "no", "numpy_mean": "yes",
            "debug_args": "no", "warning_args": "yes", "fsum": "yes", "sum": "no",
            "list_index": "yes", "array_index": "no"}
