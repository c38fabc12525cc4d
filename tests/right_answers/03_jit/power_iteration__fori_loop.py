# Right: jitted lax.fori_loop that writes each estimate into a preallocated array with .at[k].set
@partial(jax.jit, static_argnames="steps")
def power_iteration(a, v, steps):
    def body(k, state):
        v, estimates = state
        w = a @ v
        return w / jnp.linalg.norm(w), estimates.at[k].set(v @ w)

    return jax.lax.fori_loop(0, steps, body, (v, jnp.zeros(steps, dtype=v.dtype)))
