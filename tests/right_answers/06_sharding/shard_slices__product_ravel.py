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
