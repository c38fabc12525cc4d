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
