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
