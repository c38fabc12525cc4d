# Wrong: believes that indexing with a device integer never waits, in a Python list as in a jax.Array
# Says: list_index, __index__
# Caught: hidden (the four visible lines do not index; the indexing lines are hidden ones)
def predict_waits():
    return {"heap_push": True, "list_truth": False, "numpy_times": False, "numpy_maximum": True,
            "insort": True, "dict_truth": False, "numpy_plus": False, "numpy_mean": True,
            "debug_args": False, "warning_args": True, "fsum": True, "sum": False,
            "list_index": False, "array_index": False}
