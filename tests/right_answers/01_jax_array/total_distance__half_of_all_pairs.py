# Right: sums every ordered pair with a safe sqrt input and halves the total
def total_distance(points):
    diff = points[:, None, :] - points[None, :, :]
    squared = jnp.sum(diff * diff, axis=-1)
    nonzero = squared != 0
    return jnp.sum(jnp.where(nonzero, jnp.sqrt(jnp.where(nonzero, squared, 1.0)), 0.0)) / 2
