# Wrong: returns squared distances (no square root)
def pairwise_distances(a, b):
    def distance(p, q):
        return jnp.sum((p - q) ** 2)

    one_to_many = jax.vmap(distance, in_axes=(None, 0))
    return jax.vmap(one_to_many, in_axes=(0, None))(a, b)
