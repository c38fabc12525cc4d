# %% right: from_a_set
# Right: builds the dict from the set of lines that wait instead of writing out fourteen literals
def predict_waits():
    waiting = {"mask_index", "list_index", "mask_set", "range_loop", "arange", "slice_to", "python_max", "numpy_mean"}
    keys = ["mask_index", "where_select", "list_index", "array_index", "mask_set", "mask_count", "range_loop",
            "index_set", "arange", "slice_to", "python_max", "sum", "numpy_mean", "jnp_mean"]
    return {key: key in waiting for key in keys}


# %% wrong: alternating
# Wrong: answers True, False, True, False, ... down the table, guessing an alternating pattern
# Says: 2 of the first four, 1 say a line waits
def predict_waits():
    keys = ["mask_index", "list_index", "where_select", "array_index", "mask_set", "sum", "index_set", "slice_to",
            "range_loop", "mask_count", "arange", "python_max", "numpy_mean", "jnp_mean"]
    return {key: k % 2 == 0 for k, key in enumerate(keys)}


# %% wrong: answers_as_strings
# Wrong: answers with the strings "yes" and "no" instead of the booleans True and False
# Says: True or False
def predict_waits():
    return {"mask_index": "yes", "where_select": "no", "list_index": "yes", "array_index": "no",
            "mask_set": "yes", "mask_count": "no", "range_loop": "yes", "index_set": "no", "arange": "yes",
            "slice_to": "yes", "python_max": "yes", "sum": "no", "numpy_mean": "yes", "jnp_mean": "no"}


# %% wrong: everything_waits
# Wrong: believes that every line that hands an array to Python, NumPy or an index waits for its value
# Says: wrong, 2 say a line waits
def predict_waits():
    return {key: True for key in ["mask_index", "where_select", "list_index", "array_index", "mask_set", "mask_count",
                                 "range_loop", "index_set", "arange", "slice_to", "python_max", "sum",
                                 "numpy_mean", "jnp_mean"]}


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: predictions are wrong
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False}


# %% wrong: index_never_waits
# Wrong: believes that a device integer used as a list index or a range count never waits, as in a jax.Array
# Says: 1 of the first four, does not wait
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": False, "array_index": False,
            "mask_set": True, "mask_count": False, "range_loop": False, "index_set": False, "arange": True,
            "slice_to": True, "python_max": True, "sum": False, "numpy_mean": True, "jnp_mean": False}


# %% wrong: jnp_array_converts
# Wrong: believes that jnp.array of a list of JAX arrays goes through the host, as np.mean does
# Says: jnp_mean, stacks
# Caught: hidden (the four visible lines build no array from a list)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False,
            "mask_set": True, "mask_count": False, "range_loop": True, "index_set": False, "arange": True,
            "slice_to": True, "python_max": True, "sum": False, "numpy_mean": True, "jnp_mean": True}


# %% wrong: mask_set_dispatched
# Wrong: believes that a boolean mask inside .at[] is dispatched, since the result keeps the shape of x
# Says: mask_set, indices
# Caught: hidden (the visible lines index with a mask but do not set through one)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False,
            "mask_set": False, "mask_count": False, "range_loop": True, "index_set": False, "arange": True,
            "slice_to": True, "python_max": True, "sum": False, "numpy_mean": True, "jnp_mean": False}


# %% wrong: nothing_waits
# Wrong: believes that only the explicit waits of the lesson's table (float, bool, np.asarray, print) wait
# Says: wrong, does not wait
def predict_waits():
    return {key: False for key in ["mask_index", "where_select", "list_index", "array_index", "mask_set", "mask_count",
                                 "range_loop", "index_set", "arange", "slice_to", "python_max", "sum",
                                 "numpy_mean", "jnp_mean"]}


# %% wrong: shape_from_value_dispatched
# Wrong: believes that any JAX call on a device integer is dispatched, even one whose shape is that integer
# Says: slice_to, shape
# Caught: hidden (the visible lines take no shape from a value)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False,
            "mask_set": True, "mask_count": False, "range_loop": True, "index_set": False, "arange": False,
            "slice_to": False, "python_max": True, "sum": False, "numpy_mean": True, "jnp_mean": False}


# %% wrong: sum_converts
# Wrong: believes that sum() turns each array into a Python number
# Says: sum, dispatched
# Caught: hidden (the four visible lines have no sum; the summing lines are hidden ones)
def predict_waits():
    return {"mask_index": True, "where_select": False, "list_index": True, "array_index": False,
            "mask_set": True, "mask_count": False, "range_loop": True, "index_set": False, "arange": True,
            "slice_to": True, "python_max": True, "sum": True, "numpy_mean": True, "jnp_mean": False}


# %% wrong: visible_pattern_repeated
# Wrong: the four visible lines answered right, then their pattern (True, True, False, False) repeated down the table
# Says: sum
# Caught: hidden (the visible four are right; the pattern does not carry to the other lines)
def predict_waits():
    keys = ["mask_index", "list_index", "where_select", "array_index", "mask_set", "sum", "index_set", "slice_to",
            "range_loop", "mask_count", "arange", "python_max", "numpy_mean", "jnp_mean"]
    return {key: k % 4 < 2 for k, key in enumerate(keys)}
