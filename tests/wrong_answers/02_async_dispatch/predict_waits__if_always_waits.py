# Wrong: believes that any `if` waits, even one on a plain Python list, and that a heap push only appends
# Says: 2 of the first four
def predict_waits():
    return {"heap_push": False, "list_truth": True, "numpy_times": False, "numpy_maximum": True,
            "debug_args": False, "warning_args": True, "round": False, "fsum": True, "deepcopy": False,
            "pickle": True}
