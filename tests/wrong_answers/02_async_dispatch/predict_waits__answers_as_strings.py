# Wrong: answers with the strings "yes" and "no" instead of the booleans True and False
# Says: True or False
def predict_waits():
    return {"heap_push": "yes", "list_truth": "no", "numpy_times": "no", "numpy_maximum": "yes",
            "debug_args": "no", "warning_args": "yes", "round": "no", "fsum": "yes", "deepcopy": "no",
            "pickle": "yes"}
