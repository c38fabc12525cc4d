# Wrong: returns lr times the gradients (the step) instead of the parameters after the step
def sgd_step(params, x, y, lr):
    def loss(p):
        return jnp.mean((x @ p["w"] + p["b"] - y) ** 2)

    return jax.tree.map(lambda g: lr * g, jax.grad(loss)(params))
