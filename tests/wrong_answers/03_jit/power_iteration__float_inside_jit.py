# Wrong: jits the host loop but still calls float() on traced values
# Says: traced value into a Python
@partial(jax.jit, static_argnames="steps")
def power_iteration(a, v, steps):
    estimates = []
    for _ in range(steps):
        w = a @ v
        estimates.append(float(v @ w))
        v = w / jnp.linalg.norm(w)
    return v, jnp.asarray(estimates)
