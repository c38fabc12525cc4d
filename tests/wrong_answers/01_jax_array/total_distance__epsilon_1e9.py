# Wrong: the colleague's code with 1e-9 under the square root: the gradient of two points 3e-4 apart is off by more
# than the float32 precision the statement asks for
# Says: unit vectors, float32 precision
# Caught: hidden (the visible points are far apart, where a constant this small changes nothing visible)
def total_distance(points):
    n = points.shape[0]
    diff = points[:, None, :] - points[None, :, :]
    dist = jnp.sqrt(jnp.sum(diff**2, axis=-1) + 1e-9)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, dist, 0.0))
