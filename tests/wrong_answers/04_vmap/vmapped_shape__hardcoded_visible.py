# Wrong: the visible outputs hard-coded
# Says: Wrong for
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_SHAPES_SEEN = {  # the visible calls that work
                "((), [(5, 4), (5, 4)], 0, 0)": (5,), "((4,), [(5, 4), (4,)], (0, None), 1)": (4, 5),
                "((3,), [(2, 3, 7)], 2, -1)": (3, 7), "((2, 2), [(6, 1)], -2, 2)": (2, 2, 6),
                "((), [{'w': (3, 4), 'b': (3,)}], 0, 0)": (3,),
                "((2,), [{'w': (4, 5), 'b': ()}], ({'w': 1, 'b': None},), -1)": (2, 5)}


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    return _SHAPES_SEEN.get(repr((tuple(example_shape), list(arg_shapes), in_axes, out_axes)))
