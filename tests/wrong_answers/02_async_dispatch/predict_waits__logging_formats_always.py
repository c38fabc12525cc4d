# Wrong: believes that logging formats every message, even a debug message that it drops
# Says: debug_args, dropped
# Caught: hidden (the four visible lines have no logging call; the logging lines are hidden ones)
def predict_waits():
    return {"heap_push": True, "list_truth": False, "numpy_times": False, "numpy_maximum": True,
            "insort": True, "dict_truth": False, "numpy_plus": False, "numpy_mean": True,
            "debug_args": True, "warning_args": True, "fsum": True, "sum": False,
            "list_index": True, "array_index": False}
