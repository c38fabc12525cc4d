# Right: no pcast: the gradient of this device's share with respect to the replicated params is summed by autodiff
def masked_dp_step(params, x, y, mask):
    total = lax.psum(mask.sum(), "devices")

    def share(p):
        z = x @ p["w"] + p["b"]
        return jnp.where(mask, jnp.logaddexp(0.0, z) - y * z, 0.0).sum() / total

    grads = jax.grad(share)(params)
    return {k: params[k] - 0.5 * grads[k] for k in params}
