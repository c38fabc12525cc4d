# Wrong: reads a tuple of axes in the mesh's order instead of the spec's, when it works out each device's blocks
# Says: each device receives
def reshard_traffic(shape, mesh_axes, src, dst):
    def blocks(spec):
        positions = [{}]
        for name, size in mesh_axes.items():
            positions = [{**p, name: i} for p in positions for i in range(size)]
        out = []
        for where in positions:
            row = []
            for dim, length in enumerate(shape):
                entry = spec[dim] if dim < len(spec) else None
                group = () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)
                group = [a for a in mesh_axes if a in group]
                index, parts = 0, 1
                for name in group:
                    index, parts = index * mesh_axes[name] + where[name], parts * mesh_axes[name]
                row.append((index * (length // parts), (index + 1) * (length // parts)))
            out.append(row)
        return out

    result = []
    for old, new in zip(blocks(src), blocks(dst), strict=True):
        size = kept = 1
        for (a, b), (c, d) in zip(old, new, strict=True):
            size *= d - c
            kept *= max(0, min(b, d) - max(a, c))
        result.append(size - kept)
    return result
