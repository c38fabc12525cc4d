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
