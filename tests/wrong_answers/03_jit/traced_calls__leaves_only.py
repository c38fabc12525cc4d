# Wrong: keys a pytree argument by its flattened leaves only, but the structure (containers, nesting, keys) counts too
# Says: wrong for calls [11]
def traced_calls(calls):
    narrow = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def leaves(x):
        if isinstance(x, list):
            return [leaf for e in x for leaf in leaves(e)]
        if isinstance(x, dict):
            return [leaf for k in sorted(x) for leaf in leaves(x[k])]
        if isinstance(x, bool):
            return [("bool", (), False)]
        if isinstance(x, int):
            return [("int32", (), True)]
        if isinstance(x, float):
            return [("float32", (), True)]
        library, dtype, shape = x
        return [(narrow.get(dtype, dtype) if library == "numpy" else dtype, tuple(shape), False)]

    seen, traced = set(), []
    for x, mode in calls:
        key = (tuple(leaves(x)), mode)
        traced.append(key not in seen)
        seen.add(key)
    return traced
