# Right: the parameters are closed over, so vmap maps only the examples (default in_axes)
def per_example_grads(loss, params, xs, ys):
    def grad_one(x, y):
        return jax.grad(loss)(params, x, y)

    return jax.vmap(grad_one)(xs, ys)
