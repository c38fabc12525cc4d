# Wrong: makes sqrt safe on the diagonal only (i == j), so coinciding points still give NaN
# Says: coinciding
def total_distance(points):
    n = points.shape[0]
    squared = jnp.sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    safe = jnp.where(i == j, 1.0, squared)
    return jnp.sum(jnp.where(i < j, jnp.sqrt(safe), 0.0))
