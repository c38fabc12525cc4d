# Wrong: two Python loops over the points, unrolled into the jaxpr (n * m copies of the distance)
def pairwise_distances(a, b):
    rows = []
    for i in range(a.shape[0]):
        rows.append(jnp.stack([jnp.sqrt(jnp.sum((a[i] - b[j]) ** 2)) for j in range(b.shape[0])]))
    return jnp.stack(rows)
