# Right: in_axes written as a full pytree (None on every leaf of params), gradients from value_and_grad
def per_example_grads(loss, params, xs, ys):
    axes = (jax.tree.map(lambda _: None, params), 0, 0)
    _, grads = jax.vmap(jax.value_and_grad(loss), in_axes=axes)(params, xs, ys)
    return grads
