# Wrong: never predicts an error: takes the size of the first mapped argument and ignores mismatches and ranges
# Says: Wrong for, None
def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if not isinstance(in_axes, tuple):
        in_axes = (in_axes,) * len(arg_shapes)
    pairs = zip(arg_shapes, in_axes, strict=False)
    size = next((shape[axis] for shape, axis in pairs if axis is not None and -len(shape) <= axis < len(shape)), 1)
    out_axes %= len(example_shape) + 1
    return tuple(example_shape[:out_axes]) + (size,) + tuple(example_shape[out_axes:])
