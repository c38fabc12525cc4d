# Wrong: believes that every line that hands an array to Python or NumPy code waits for its value
# Says: wrong, 2 say a line waits
def predict_waits():
    return {key: True for key in ["heap_push", "list_truth", "numpy_times", "numpy_maximum", "insort", "dict_truth",
                                 "numpy_plus", "numpy_mean", "debug_args", "warning_args", "fsum", "sum",
                                 "list_index", "array_index"]}
