# Wrong: right for arrays, but leaves every dict argument out, as if it were never mapped
# Says: Wrong for
def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if not isinstance(in_axes, tuple):
        in_axes = (in_axes,) * len(arg_shapes)
    if len(in_axes) != len(arg_shapes):
        return None
    sizes = set()
    for shape, axis in zip(arg_shapes, in_axes, strict=True):
        if axis is None or isinstance(shape, dict):
            continue
        if not -len(shape) <= axis < len(shape):
            return None
        sizes.add(shape[axis])
    if len(sizes) != 1:
        return None
    ndim = len(example_shape) + 1
    if not -ndim <= out_axes < ndim:
        return None
    out_axes %= ndim
    return tuple(example_shape[:out_axes]) + (sizes.pop(),) + tuple(example_shape[out_axes:])
