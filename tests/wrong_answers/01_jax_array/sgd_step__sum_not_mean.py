# Wrong: differentiates the sum of squared errors, not their mean, so the step is n times too long
def sgd_step(params, x, y, lr):
    def loss(p):
        return jnp.sum((x @ p["w"] + p["b"] - y) ** 2)

    grads = jax.grad(loss)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
