# Wrong: keeps its cache in a global, so a second sequence does not start from a fresh f
# Says: second time, fresh f
# Caught: hidden (a kept cache shows only when traced_calls is called again, which the hidden test does)
SEEN = set()


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

    traced = []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key not in SEEN)
        SEEN.add(key)
    return traced
