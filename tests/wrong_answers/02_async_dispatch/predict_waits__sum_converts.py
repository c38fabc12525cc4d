# Wrong: believes that sum() turns each array into a Python number, as math.fsum does
# Says: sum, dispatched
# Caught: hidden (the four visible lines have no sum; the summing lines are hidden ones)
def predict_waits():
    return {"heap_push": True, "list_truth": False, "numpy_times": False, "numpy_maximum": True,
            "insort": True, "dict_truth": False, "numpy_plus": False, "numpy_mean": True,
            "debug_args": False, "warning_args": True, "fsum": True, "sum": True,
            "list_index": True, "array_index": False}
