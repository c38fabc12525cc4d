# Wrong: compares each call with the previous one only, but jit keeps every program it traced
# Says: wrong for calls [2, 6]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def abstract_value(x):
        if isinstance(x, list):
            return ("list", tuple(abstract_value(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple(sorted((k, abstract_value(e)) for k, e in x.items())))
        if isinstance(x, bool):
            return ("bool", (), False)
        if isinstance(x, int):
            return ("int32", (), True)
        if isinstance(x, float):
            return ("float32", (), True)
        library, dtype, shape = x
        return (narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape), False)

    previous, traced = None, []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key != previous)
        previous = key
    return traced
