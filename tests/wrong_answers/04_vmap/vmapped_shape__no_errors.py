# Wrong: never predicts an error: takes the size of the first mapped argument and ignores mismatches and ranges
# Says: Wrong for, None
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
    pairs = _arrays(arg_shapes, in_axes) or []
    size = next((shape[axis] for shape, axis in pairs if axis is not None and -len(shape) <= axis < len(shape)), 1)
    out_axes %= len(example_shape) + 1
    return tuple(example_shape[:out_axes]) + (size,) + tuple(example_shape[out_axes:])
