# Right: returns a list of sizes (tests compare it as a shape), batch size from a set
def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if in_axes is None or isinstance(in_axes, int):
        in_axes = (in_axes,) * len(arg_shapes)
    if len(in_axes) != len(arg_shapes):
        return None
    try:
        sizes = {s[a] for s, a in zip(arg_shapes, in_axes, strict=True) if a is not None and -len(s) <= a < len(s)}
        bad = any(a is not None and not -len(s) <= a < len(s) for s, a in zip(arg_shapes, in_axes, strict=True))
    except IndexError:
        return None
    n = len(example_shape) + 1
    if bad or len(sizes) != 1 or not -n <= out_axes < n:
        return None
    out = list(example_shape)
    out.insert(out_axes % n, sizes.pop())
    return out
