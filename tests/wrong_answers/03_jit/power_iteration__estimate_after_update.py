# Wrong: records the estimate after updating v instead of before
# Says: before update k
def power_iteration(a, v, steps):
    def step(v, _):
        w = a @ v
        v = w / jnp.linalg.norm(w)
        return v, v @ (a @ v)

    return jax.lax.scan(step, v, length=steps)
