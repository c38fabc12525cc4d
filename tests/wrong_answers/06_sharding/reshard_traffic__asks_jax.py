# Wrong: counts the entries with jax.numpy instead of predicting in plain Python
# Says: plain Python
def reshard_traffic(shape, mesh_axes, src, dst):
    def block(spec, where):
        sizes = []
        for dim, length in enumerate(shape):
            entry = spec[dim] if dim < len(spec) else None
            group = () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)
            index, parts = 0, 1
            for name in group:
                index, parts = index * mesh_axes[name] + where[name], parts * mesh_axes[name]
            sizes.append(set(range(index * (length // parts), (index + 1) * (length // parts))))
        return sizes

    positions = [{}]
    for name, size in mesh_axes.items():
        positions = [{**p, name: i} for p in positions for i in range(size)]
    out = []
    for where in positions:
        old, new = block(src, where), block(dst, where)
        whole = jnp.prod(jnp.array([len(n) for n in new]))
        kept = jnp.prod(jnp.array([len(o & n) for o, n in zip(old, new, strict=True)]))
        out.append(int(whole - kept))
    return out
