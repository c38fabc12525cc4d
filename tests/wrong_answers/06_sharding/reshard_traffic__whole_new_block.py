# Wrong: counts the whole new block, forgetting the entries the device already held
# Says: each device receives
def reshard_traffic(shape, mesh_axes, src, dst):
    devices, size = 1, 1
    for s in mesh_axes.values():
        devices *= s
    for dim, length in enumerate(shape):
        entry = dst[dim] if dim < len(dst) else None
        group = () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)
        parts = 1
        for name in group:
            parts *= mesh_axes[name]
        size *= length // parts
    return [size] * devices
