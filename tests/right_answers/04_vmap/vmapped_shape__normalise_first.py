# Right: opens dict arguments up first, normalises every axis (negative to positive), then checks sizes with a list
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
    axes = list(in_axes) if isinstance(in_axes, tuple) else [in_axes] * len(arg_shapes)
    if len(axes) != len(arg_shapes):
        return None
    pairs = _arrays(arg_shapes, axes)
    if pairs is None:
        return None
    sizes = []
    for shape, axis in pairs:
        if isinstance(axis, dict):
            return None
        if axis is not None:
            if axis < 0:
                axis += len(shape)
            if axis < 0 or axis >= len(shape):
                return None
            sizes.append(shape[axis])
    if not sizes or any(s != sizes[0] for s in sizes):
        return None
    rank = len(example_shape) + 1
    position = out_axes + rank if out_axes < 0 else out_axes
    if position < 0 or position >= rank:
        return None
    shape = list(example_shape)
    shape.insert(position, sizes[0])
    return tuple(shape)
