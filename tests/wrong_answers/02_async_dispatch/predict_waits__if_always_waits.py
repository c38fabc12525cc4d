# Wrong: believes that any `if` waits, even one on a plain Python list, and that a heap push only appends
# Says: 2 of the first four
def predict_waits():
    return {"heap_push": False, "list_truth": True, "numpy_times": False, "numpy_maximum": True,
            "insort": False, "dict_truth": True, "numpy_plus": False, "numpy_mean": True,
            "debug_args": False, "warning_args": True, "fsum": True, "sum": False,
            "list_index": True, "array_index": False}
