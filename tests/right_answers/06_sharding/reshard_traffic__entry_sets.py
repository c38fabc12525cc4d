# Right: each device's blocks as sets of entry indices (itertools.product of ranges); the traffic a set difference
import itertools


def reshard_traffic(shape, mesh_axes, src, dst):
    names, sizes = list(mesh_axes), list(mesh_axes.values())

    def entries(spec, coords):
        where = dict(zip(names, coords, strict=True))
        ranges = []
        for dim, length in enumerate(shape):
            entry = spec[dim] if dim < len(spec) else None
            group = [] if entry is None else [entry] if isinstance(entry, str) else list(entry)
            index, parts = 0, 1
            for name in group:
                index, parts = index * mesh_axes[name] + where[name], parts * mesh_axes[name]
            step = length // parts
            ranges.append(range(index * step, (index + 1) * step))
        return set(itertools.product(*ranges))

    return [len(entries(dst, c) - entries(src, c)) for c in itertools.product(*(range(s) for s in sizes))]
