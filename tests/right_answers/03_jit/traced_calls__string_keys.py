# Right: writes each abstract value the way jax.typeof prints it (~ for weak), containers as brackets, and keys on it
def traced_calls(calls):
    def typeof(x):
        if type(x) is list:
            return "[" + ", ".join(typeof(e) for e in x) + "]"
        if type(x) is dict:
            return "{" + ", ".join(f"{k!r}: {typeof(x[k])}" for k in sorted(x)) + "}"
        if type(x) is bool:
            return "bool[]"
        if type(x) is int:
            return "~int32[]"
        if type(x) is float:
            return "~float32[]"
        library, dtype, shape = x
        if library == "numpy" and dtype in ("float64", "int64", "uint64", "complex128"):  # 64-bit: halved
            dtype = "complex64" if dtype == "complex128" else dtype[:-2] + "32"
        return f"{dtype}[{','.join(str(d) for d in shape)}]"

    programs = set()
    result = []
    for x, mode in calls:
        name = f"{typeof(x)} mode={mode}"
        result.append(name not in programs)
        programs.add(name)
    return result
