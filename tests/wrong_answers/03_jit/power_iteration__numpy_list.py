# Wrong: returns the estimates as a NumPy array built on the host
# Says: jaxpr
def power_iteration(a, v, steps):
    estimates = np.zeros(steps, dtype=np.float32)
    for k in range(steps):
        w = a @ v
        estimates[k] = v @ w
        v = w / jnp.linalg.norm(w)
    return v, estimates
