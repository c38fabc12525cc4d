# Right: a loss of w and b as two arguments, differentiated with argnums=(0, 1), and a new dict built by hand
def sgd_step(params, x, y, lr):
    def loss(w, b):
        return jnp.mean((jnp.dot(x, w) + b - y) ** 2)

    dw, db = jax.grad(loss, argnums=(0, 1))(params["w"], params["b"])
    return {"w": params["w"] - lr * dw, "b": params["b"] - lr * db}
