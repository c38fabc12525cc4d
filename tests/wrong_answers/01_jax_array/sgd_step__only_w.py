# Wrong: differentiates with respect to w only (jax.grad of a function of w), so b never moves
def sgd_step(params, x, y, lr):
    def loss(w):
        return jnp.mean((x @ w + params["b"] - y) ** 2)

    return {"w": params["w"] - lr * jax.grad(loss)(params["w"]), "b": params["b"]}
