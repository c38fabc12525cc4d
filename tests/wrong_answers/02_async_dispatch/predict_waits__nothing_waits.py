# Wrong: believes that only the explicit waits of the lesson's table (float, bool, np.asarray, print) wait
# Says: wrong, does not wait
def predict_waits():
    return {key: False for key in ["heap_push", "list_truth", "numpy_times", "numpy_maximum", "insort", "dict_truth",
                                 "numpy_plus", "numpy_mean", "debug_args", "warning_args", "fsum", "sum",
                                 "list_index", "array_index"]}
