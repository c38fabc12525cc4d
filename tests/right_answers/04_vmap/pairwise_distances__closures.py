# Right: nested vmaps over closures (each lambda maps one argument, captures the other), a dot for the squared norm
def pairwise_distances(a, b):
    def distance(p, q):
        diff = p - q
        return jnp.sqrt(jnp.dot(diff, diff))

    return jax.vmap(lambda p: jax.vmap(lambda q: distance(p, q))(b))(a)
