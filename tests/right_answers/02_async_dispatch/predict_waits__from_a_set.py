# Right: builds the dict from the set of lines that wait instead of writing out fourteen literals
def predict_waits():
    waiting = {"heap_push", "numpy_maximum", "insort", "numpy_mean", "warning_args", "fsum", "list_index"}
    keys = ["heap_push", "list_truth", "numpy_times", "numpy_maximum", "insort", "dict_truth", "numpy_plus",
            "numpy_mean", "debug_args", "warning_args", "fsum", "sum",
            "list_index", "array_index"]
    return {key: key in waiting for key in keys}
