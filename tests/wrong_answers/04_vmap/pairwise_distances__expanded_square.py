# Wrong: expands |p - q|^2 = |p|^2 + |q|^2 - 2 p.q, whose rounding gives nonzero or NaN self-distances
def pairwise_distances(a, b):
    squared = jnp.sum(a**2, axis=1)[:, None] + jnp.sum(b**2, axis=1)[None, :] - 2 * a @ b.T
    return jnp.sqrt(squared)
