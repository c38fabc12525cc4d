# Wrong: the lesson's recipe: each device's own masked-mean gradient, averaged with pmean: devices weigh the same
def masked_dp_step(params, x, y, mask):
    def loss(p):
        z = x @ p["w"] + p["b"]
        per_example = jnp.logaddexp(0.0, z) - y * z
        return jnp.sum(jnp.where(mask, per_example, 0.0)) / jnp.sum(mask)

    grads = lax.pmean(jax.grad(loss)(lax.pcast(params, "devices", to="varying")), "devices")
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, grads)
