# Wrong: the colleague's code: jnp.where masks the diagonal's distance 0, but sqrt's infinite derivative gives NaN
# Says: NaN, colleague
def total_distance(points):
    n = points.shape[0]
    diff = points[:, None, :] - points[None, :, :]
    dist = jnp.sqrt(jnp.sum(diff**2, axis=-1))
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, dist, 0.0))
