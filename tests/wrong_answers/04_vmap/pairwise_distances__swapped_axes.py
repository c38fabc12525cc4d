# Wrong: nests the vmaps the other way round, so the result is (m, n) with rows for b
def pairwise_distances(a, b):
    def distance(p, q):
        return jnp.sqrt(jnp.sum((p - q) ** 2))

    many_to_one = jax.vmap(distance, in_axes=(0, None))
    return jax.vmap(many_to_one, in_axes=(None, 0))(a, b)
