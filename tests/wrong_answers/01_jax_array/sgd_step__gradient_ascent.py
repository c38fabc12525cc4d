# Wrong: adds the gradient (a step uphill) instead of subtracting it
def sgd_step(params, x, y, lr):
    def loss(p):
        return jnp.mean((x @ p["w"] + p["b"] - y) ** 2)

    grads = jax.grad(loss)(params)
    return jax.tree.map(lambda p, g: p + lr * g, params, grads)
