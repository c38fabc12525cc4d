# Wrong: the visible outputs hard-coded
# Says: predictions are wrong
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False}
