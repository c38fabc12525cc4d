# Wrong: believes that NumPy always converts a JAX operand, so that np.ones(3) * loss waits too
# Says: 1 of the first four, 1 say a line waits that does not
def predict_waits():
    return {"heap_push": True, "list_truth": False, "numpy_times": True, "numpy_maximum": True,
            "insort": True, "dict_truth": False, "numpy_plus": True, "numpy_mean": True,
            "debug_args": False, "warning_args": True, "fsum": True, "sum": False,
            "list_index": True, "array_index": False}
