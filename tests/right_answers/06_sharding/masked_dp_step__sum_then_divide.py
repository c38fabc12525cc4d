# Right: pcast, gradient of this device's masked sum, then psum of the gradients and of the counts, divided
def masked_dp_step(params, x, y, mask):
    def masked_sum(p):
        z = x @ p["w"] + p["b"]
        return jnp.sum((jnp.logaddexp(0.0, z) - y * z) * mask)

    grads = jax.grad(masked_sum)(lax.pcast(params, "devices", to="varying"))
    grads, count = lax.psum((grads, jnp.sum(mask, dtype=jnp.float32)), "devices")
    return jax.tree.map(lambda p, g: p - 0.5 * g / count, params, grads)
