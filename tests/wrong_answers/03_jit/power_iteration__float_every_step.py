# Wrong: keeps the host loop with float() every step and only converts the list at the end
# Says: copied a Python number
def power_iteration(a, v, steps):
    estimates = []
    for _ in range(steps):
        w = a @ v
        estimates.append(float(v @ w))
        v = w / float(jnp.linalg.norm(w))
    return v, jnp.asarray(estimates)
