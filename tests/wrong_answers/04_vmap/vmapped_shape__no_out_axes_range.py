# Wrong: checks in_axes but never whether out_axes is in range for the result's rank, so it returns a shape there
# Says: Wrong for
def _arrays(arg_shapes, in_axes):
    """(shape, axis) of every array, dict arguments opened up; None when a dict entry misses a key."""
    pairs = []
    for shape, axis in zip(arg_shapes, in_axes, strict=False):
        if not isinstance(shape, dict):
            pairs.append((shape, axis))
        elif not isinstance(axis, dict):
            pairs += [(leaf, axis) for leaf in shape.values()]
        elif axis.keys() == shape.keys():
            pairs += [(shape[key], axis[key]) for key in shape]
        else:
            return None
    return pairs


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if not isinstance(in_axes, tuple):
        in_axes = (in_axes,) * len(arg_shapes)
    if len(in_axes) != len(arg_shapes):
        return None
    sizes = set()
    for shape, axis in _arrays(arg_shapes, in_axes) or [((), 0)]:
        if axis is None:
            continue
        if not -len(shape) <= axis < len(shape):
            return None
        sizes.add(shape[axis])
    if len(sizes) != 1:
        return None
    out_axes %= len(example_shape) + 1
    return tuple(example_shape[:out_axes]) + (sizes.pop(),) + tuple(example_shape[out_axes:])
