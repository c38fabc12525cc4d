# Right: the colleague's code with 1e-12 added under the square root, within the float32 precision the statement
# asks for: the masked diagonal then has a finite derivative, and coinciding pairs add at most 1e-6 each to the value
def total_distance(points):
    n = points.shape[0]
    diff = points[:, None, :] - points[None, :, :]
    dist = jnp.sqrt(jnp.sum(diff**2, axis=-1) + 1e-12)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, dist, 0.0))
