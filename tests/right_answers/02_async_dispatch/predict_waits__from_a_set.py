# Right: builds the dict from the set of lines that wait instead of writing out ten literals
def predict_waits():
    waiting = {"heap_push", "numpy_maximum", "warning_args", "fsum", "pickle"}
    keys = ["heap_push", "list_truth", "numpy_times", "numpy_maximum", "debug_args", "warning_args", "round",
            "fsum", "deepcopy", "pickle"]
    return {key: key in waiting for key in keys}
