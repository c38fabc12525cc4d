# Wrong: always puts the batch axis first, whatever out_axes says
# Says: Wrong for
def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    if not isinstance(in_axes, tuple):
        in_axes = (in_axes,) * len(arg_shapes)
    pairs = zip(arg_shapes, in_axes, strict=False)
    sizes = {shape[axis] for shape, axis in pairs if axis is not None and -len(shape) <= axis < len(shape)}
    return (sizes.pop(),) + tuple(example_shape) if len(sizes) == 1 else None
