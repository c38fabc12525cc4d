# Wrong: differentiates with respect to the inputs x (argnums=1), not the parameters
# Says: structure
def per_example_grads(loss, params, xs, ys):
    return jax.vmap(jax.grad(loss, argnums=1), in_axes=(None, 0, 0))(params, xs, ys)
