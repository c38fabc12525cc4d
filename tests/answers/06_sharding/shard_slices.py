# %% right: divmod_lists
# Right: walks the devices by number and gets each coordinate with divmod; returns lists, not tuples
def shard_slices(shape, mesh_axes, spec):
    sizes = list(mesh_axes.values())
    total = 1
    for s in sizes:
        total *= s
    result = []
    for device in range(total):
        coords, rest = {}, device
        for name, size in reversed(list(mesh_axes.items())):
            rest, coords[name] = divmod(rest, size)
        entry_list = []
        for dim in range(len(shape)):
            entry = spec[dim] if dim < len(spec) else None
            axes = [] if entry is None else [entry] if type(entry) is str else list(entry)
            parts = 1
            for a in axes:
                parts *= mesh_axes[a]
            position = 0
            for a in axes:
                position = position * mesh_axes[a] + coords[a]
            width = shape[dim] // parts
            entry_list.append([position * width, position * width + width])
        result.append(entry_list)
    return result


# %% right: product_ravel
# Right: itertools.product for the device grid and np.ravel_multi_index for a tuple of axes (NumPy is allowed)
import itertools


def shard_slices(shape, mesh_axes, spec):
    names = list(mesh_axes)
    spec = tuple(spec) + (None,) * (len(shape) - len(spec))
    out = []
    for coords in itertools.product(*(range(s) for s in mesh_axes.values())):
        here = dict(zip(names, coords, strict=True))
        row = []
        for length, entry in zip(shape, spec, strict=True):
            axes = [] if entry is None else [entry] if isinstance(entry, str) else list(entry)
            if not axes:
                row.append((0, length))
                continue
            k = int(np.ravel_multi_index([here[a] for a in axes], [mesh_axes[a] for a in axes]))
            step = length // int(np.prod([mesh_axes[a] for a in axes]))
            row.append((k * step, k * step + step))
        out.append(row)
    return out


# %% wrong: asks_jax
# Wrong: asks JAX (a NamedSharding on a real mesh) instead of predicting, so it fails for meshes larger than the machine
# Says: plain Python
def shard_slices(shape, mesh_axes, spec):
    mesh = jax.make_mesh(tuple(mesh_axes.values()), tuple(mesh_axes))
    where = jax.NamedSharding(mesh, jax.P(*spec)).devices_indices_map(tuple(shape))
    return [[sl.indices(n)[:2] for sl, n in zip(where[d], shape, strict=True)] for d in mesh.devices.flat]


# %% wrong: first_axis_fastest
# Wrong: lists the devices with the first mesh axis changing fastest (column by column), not row by row
# Says: should hold
def shard_slices(shape, mesh_axes, spec):
    positions = [{}]
    for name, size in reversed(list(mesh_axes.items())):
        positions = [{**p, name: i} for p in positions for i in range(size)]
    result = []
    for where in positions:
        slices = []
        for dim, length in enumerate(shape):
            entry = spec[dim] if dim < len(spec) else None
            group = () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)
            index, parts = 0, 1
            for name in group:
                index, parts = index * mesh_axes[name] + where[name], parts * mesh_axes[name]
            block = length // parts
            slices.append((index * block, (index + 1) * block))
        result.append(slices)
    return result


# %% wrong: first_of_tuple
# Wrong: a tuple of axes splits only over its first axis, as if the others were not there
# Says: should hold
def shard_slices(shape, mesh_axes, spec):
    positions = [{}]
    for name, size in mesh_axes.items():
        positions = [{**p, name: i} for p in positions for i in range(size)]
    result = []
    for where in positions:
        slices = []
        for dim, length in enumerate(shape):
            entry = spec[dim] if dim < len(spec) else None
            name = entry if entry is None or isinstance(entry, str) else entry[0]
            if name is None:
                slices.append((0, length))
            else:
                block = length // mesh_axes[name]
                slices.append((where[name] * block, (where[name] + 1) * block))
        result.append(slices)
    return result


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: raised
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def shard_slices(shape, mesh_axes, spec):
    visible = {}  # the visible test's answers: an (a * b, b) array on each a x b mesh it asks about
    for a, b in [(2, 4), (2, 1), (1, 3), (3, 2), (4, 4), (3, 3)]:
        grid = [(i, j) for i in range(a) for j in range(b)]
        visible[(a * b, b), (a, b), ("x", "y")] = [[(b * i, b * i + b), (j, j + 1)] for i, j in grid]
        visible[(a * b, b), (a, b), ("y",)] = [[(a * j, a * j + a), (0, b)] for i, j in grid]
        visible[(a * b, b), (a, b), (("y", "x"), None)] = [[(j * a + i, j * a + i + 1), (0, b)] for i, j in grid]
    return visible[tuple(shape), tuple(mesh_axes.values()), tuple(spec)]


# %% wrong: last_axis_major
# Wrong: in a tuple of axes treats the last axis as the most significant one
# Says: should hold
def shard_slices(shape, mesh_axes, spec):
    positions = [{}]
    for name, size in mesh_axes.items():
        positions = [{**p, name: i} for p in positions for i in range(size)]
    result = []
    for where in positions:
        slices = []
        for dim, length in enumerate(shape):
            entry = spec[dim] if dim < len(spec) else None
            group = () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)
            index, parts = 0, 1
            for name in reversed(group):
                index, parts = index * mesh_axes[name] + where[name], parts * mesh_axes[name]
            block = length // parts
            slices.append((index * block, (index + 1) * block))
        result.append(slices)
    return result


# %% wrong: tuple_in_mesh_order
# Wrong: reads a tuple of axes in the mesh's order instead of the spec's (P(("y", "x")) taken as P(("x", "y")))
# Says: should hold
def shard_slices(shape, mesh_axes, spec):
    positions = [{}]
    for name, size in mesh_axes.items():
        positions = [{**p, name: i} for p in positions for i in range(size)]
    result = []
    for where in positions:
        slices = []
        for dim, length in enumerate(shape):
            entry = spec[dim] if dim < len(spec) else None
            group = () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)
            group = [a for a in mesh_axes if a in group]
            index, parts = 0, 1
            for name in group:
                index, parts = index * mesh_axes[name] + where[name], parts * mesh_axes[name]
            block = length // parts
            slices.append((index * block, (index + 1) * block))
        result.append(slices)
    return result


# %% wrong: visible_answers
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


# %% wrong: visible_formula
# Wrong: the visible test's expected-output formula hard-coded: an (a * b, b) array and its three kinds of spec,
# for any a x b mesh
# Says: is wrong, should hold
# Caught: hidden (the visible test asks only about those shapes and specs, on which the formula is right)
def shard_slices(shape, mesh_axes, spec):
    a, b = mesh_axes.get("x", 1), mesh_axes.get("y", 1)
    k = {("x", "y"): 0, ("y",): 1}.get(tuple(spec), 2)
    return [[[(b * i, b * i + b), (j, j + 1)], [(a * j, a * j + a), (0, b)], [(j * a + i, j * a + i + 1), (0, b)]][k]
            for i in range(a) for j in range(b)]
