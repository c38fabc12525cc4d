# Wrong: a Python loop of JAX operations with no float(): no transfers, but one operation per step, not one computation
# Says: grows with steps
def power_iteration(a, v, steps):
    estimates = []
    for _ in range(steps):
        w = a @ v
        estimates.append(v @ w)
        v = w / jnp.linalg.norm(w)
    return v, jnp.stack(estimates)
