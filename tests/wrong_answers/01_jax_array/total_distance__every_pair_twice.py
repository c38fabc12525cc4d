# Wrong: sums the distance over all ordered pairs i != j, so every pair counts twice
# Says: value, pairs
def total_distance(points):
    squared = jnp.sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    use = squared > 0
    return jnp.sum(jnp.where(use, jnp.sqrt(jnp.where(use, squared, 1.0)), 0.0))
