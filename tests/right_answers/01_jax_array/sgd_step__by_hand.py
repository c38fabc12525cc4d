# Right: the gradient of the mean squared error written out by hand with jax.numpy (no jax.grad)
def sgd_step(params, x, y, lr):
    residual = x @ params["w"] + params["b"] - y
    n = y.shape[0]
    return {"w": params["w"] - lr * 2 * (x.T @ residual) / n, "b": params["b"] - lr * 2 * jnp.sum(residual) / n}
