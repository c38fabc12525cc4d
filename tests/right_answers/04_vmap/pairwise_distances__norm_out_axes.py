# Right: jnp.linalg.norm for the two-point distance, vmaps nested the other way round with out_axes=1 on the outer one
def pairwise_distances(a, b):
    def distance(p, q):
        return jnp.linalg.norm(p - q)

    many_to_one = jax.vmap(distance, in_axes=(0, None))  # every point of a, one point of b
    return jax.vmap(many_to_one, in_axes=(None, 0), out_axes=1)(a, b)
