# Wrong: always puts the batch axis first, whatever out_axes says
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
    pairs = _arrays(arg_shapes, in_axes) or []
    sizes = {shape[axis] for shape, axis in pairs if axis is not None and -len(shape) <= axis < len(shape)}
    return (sizes.pop(),) + tuple(example_shape) if len(sizes) == 1 else None
