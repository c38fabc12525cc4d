# Wrong: gathers only the pairs i < j, which removes the diagonal but still takes sqrt'(0) for coinciding points
# Says: coinciding
def total_distance(points):
    i, j = jnp.triu_indices(points.shape[0], k=1)
    return jnp.sum(jnp.sqrt(jnp.sum((points[i] - points[j]) ** 2, axis=-1)))
