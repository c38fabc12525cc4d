# Wrong: the gradient of the mean loss over the batch (one gradient for all examples, not one per example)
# Says: example i
def per_example_grads(loss, params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(loss, in_axes=(None, 0, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)
