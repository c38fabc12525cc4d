# Wrong: masks sqrt's input with 0, not a positive value: right for distinct points, but coinciding ones meet sqrt'(0)
# Says: coinciding
def total_distance(points):
    n = points.shape[0]
    squared = jnp.sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    safe = jnp.where(i < j, squared, 0.0)
    return jnp.sum(jnp.where(i < j, jnp.sqrt(safe), 0.0))
