# Wrong: believes that round() and copy.deepcopy convert the array to Python values, as float() does
# Says: round, __round__
# Caught: hidden (the four visible lines have no round or deepcopy; those lines are hidden ones)
def predict_waits():
    return {"heap_push": True, "list_truth": False, "numpy_times": False, "numpy_maximum": True,
            "debug_args": False, "warning_args": True, "round": True, "fsum": True, "deepcopy": True,
            "pickle": True}
