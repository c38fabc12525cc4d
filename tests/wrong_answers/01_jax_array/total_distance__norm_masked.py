# Wrong: jnp.linalg.norm of each difference, masked with jnp.where: norm's derivative at 0 is NaN as sqrt's is
# Says: NaN
def total_distance(points):
    n = points.shape[0]
    dist = jnp.linalg.norm(points[:, None, :] - points[None, :, :], axis=-1)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, dist, 0.0))
