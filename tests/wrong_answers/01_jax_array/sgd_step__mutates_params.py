# Wrong: writes the new values into the params dict it was given (the caller's dict changes) and returns it
def sgd_step(params, x, y, lr):
    def loss(p):
        return jnp.mean((x @ p["w"] + p["b"] - y) ** 2)

    grads = jax.grad(loss)(params)
    for name in params:
        params[name] = params[name] - lr * grads[name]
    return params
