# Wrong: the visible outputs hard-coded
# Says: predictions are wrong
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def predict_waits():
    return {"heap_push": True, "list_truth": False, "numpy_times": False, "numpy_maximum": True}
