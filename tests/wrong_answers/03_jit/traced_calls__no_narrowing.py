# Wrong: keeps a NumPy argument's 64-bit dtype, but in 32-bit mode float64 enters as float32 (int64 as int32)
# Says: wrong for calls [2]
def traced_calls(calls):
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
        _, dtype, shape = x
        return (dtype, tuple(shape), False)

    seen, traced = set(), []
    for x, mode in calls:
        key = (abstract_value(x), mode)
        traced.append(key not in seen)
        seen.add(key)
    return traced
