# Wrong: the visible outputs hard-coded
# Says: raised
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def reshard_traffic(shape, mesh_axes, src, dst):
    visible = {((4, 6), (2, 3), ("x", None), (None, "y")): [4] * 6,
               ((8, 4), (2, 2), ("x", "y"), ("y", "x")): [0, 8, 8, 0],
               ((6, 6), (3, 2), (("y", "x"),), ("x",)): [6, 12, 12, 12, 12, 6],
               ((6, 4), (3, 2), ("x", "y"), ()): [20] * 6,
               ((4, 4), (2, 2), (), ("x", "y")): [0] * 4}  # the visible test's answers
    return visible[tuple(shape), tuple(mesh_axes.values()), tuple(src), tuple(dst)]
