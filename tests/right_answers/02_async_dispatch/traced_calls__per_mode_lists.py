# Right: keeps, for each mode, the list of abstract values seen so far
def traced_calls(calls):
    wide = {"float64": "float32", "int64": "int32", "uint64": "uint32"}
    seen_by_mode = {}
    out = []
    for x, mode in calls:
        if x is True or x is False:
            aval = ("bool", (), "strong")
        elif type(x) in (int, float):
            aval = ("int32" if type(x) is int else "float32", (), "weak")
        elif x[0] == "numpy":
            aval = (wide.get(x[1], x[1]), tuple(x[2]), "strong")
        else:
            aval = (x[1], tuple(x[2]), "strong")
        seen = seen_by_mode.setdefault(mode, [])
        out.append(aval not in seen)
        if aval not in seen:
            seen.append(aval)
    return out
