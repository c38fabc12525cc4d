# Right: lax.scan with an explicit xs=None, the norm written as sqrt(w @ w) and the estimate as jnp.dot
def power_iteration(a, v, steps):
    def step(v, _):
        w = jnp.dot(a, v)
        return w / jnp.sqrt(jnp.dot(w, w)), jnp.dot(v, w)

    v, estimates = jax.lax.scan(step, v, None, length=steps)
    return v, estimates
