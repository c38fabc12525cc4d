# Right: the Jacobian of the vector of per-example losses with respect to the parameters (jax.jacrev)
def per_example_grads(loss, params, xs, ys):
    def losses(p):
        return jax.vmap(loss, in_axes=(None, 0, 0))(p, xs, ys)

    return jax.jacrev(losses)(params)
