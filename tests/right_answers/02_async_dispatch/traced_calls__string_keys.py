# Right: writes each abstract value the way jax.typeof prints it (~ for weak) and keys on that string and the mode
def traced_calls(calls):
    def typeof(x):
        if type(x) is bool:
            return "bool[]"
        if type(x) is int:
            return "~int32[]"
        if type(x) is float:
            return "~float32[]"
        library, dtype, shape = x
        if library == "numpy" and dtype.endswith("64"):
            dtype = dtype[:-2] + "32"
        return f"{dtype}[{','.join(str(d) for d in shape)}]"

    programs = set()
    result = []
    for x, mode in calls:
        name = f"{typeof(x)} mode={mode}"
        result.append(name not in programs)
        programs.add(name)
    return result
