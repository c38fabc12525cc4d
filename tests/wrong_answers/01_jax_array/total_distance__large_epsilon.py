# Wrong: adds a large epsilon under the square root, which removes the NaN but changes every distance
# Says: value, pairs
def total_distance(points):
    n = points.shape[0]
    squared = jnp.sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    return jnp.sum(jnp.where(i < j, jnp.sqrt(squared + 1e-2), 0.0))
