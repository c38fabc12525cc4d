# Right: flattens each argument into (structure, leaves) like a pytree and keeps, per mode, the keys seen so far
def traced_calls(calls):
    wide = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}

    def flatten(x, leaves):
        if isinstance(x, list):
            return ("L", tuple(flatten(e, leaves) for e in x))
        if isinstance(x, dict):
            return ("D", tuple((k, flatten(x[k], leaves)) for k in sorted(x)))
        if x is True or x is False:
            leaves.append(("bool", (), "strong"))
        elif type(x) in (int, float):
            leaves.append(("int32" if type(x) is int else "float32", (), "weak"))
        elif x[0] == "numpy":
            leaves.append((wide.get(x[1], x[1]), tuple(x[2]), "strong"))
        else:
            leaves.append((x[1], tuple(x[2]), "strong"))
        return "*"

    seen_by_mode = {}
    out = []
    for x, mode in calls:
        leaves = []
        key = (flatten(x, leaves), tuple(leaves))
        seen = seen_by_mode.setdefault(mode, [])
        out.append(key not in seen)
        if key not in seen:
            seen.append(key)
    return out
