# Right: returns a list of sizes (tests compare it as a shape), batch size from a set, dicts opened by recursion
def _pairs(shape, axis):
    """(shape, axis) for every array of one argument; raises KeyError when a dict entry's keys differ."""
    if isinstance(shape, dict):
        axes = axis if isinstance(axis, dict) else dict.fromkeys(shape, axis)
        if set(axes) != set(shape):
            raise KeyError("in_axes keys")
        return [p for key in shape for p in _pairs(shape[key], axes[key])]
    if isinstance(axis, dict):
        raise KeyError("a dict entry for an array")
    return [(shape, axis)]


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if in_axes is None or isinstance(in_axes, int):
        in_axes = (in_axes,) * len(arg_shapes)
    if len(in_axes) != len(arg_shapes):
        return None
    try:
        pairs = [p for s, a in zip(arg_shapes, in_axes, strict=True) for p in _pairs(s, a)]
        sizes = {s[a] for s, a in pairs if a is not None and -len(s) <= a < len(s)}
        bad = any(a is not None and not -len(s) <= a < len(s) for s, a in pairs)
    except (IndexError, KeyError):
        return None
    n = len(example_shape) + 1
    if bad or len(sizes) != 1 or not -n <= out_axes < n:
        return None
    out = list(example_shape)
    out.insert(out_axes % n, sizes.pop())
    return out
