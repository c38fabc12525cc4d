# Wrong: finite differences of jax.grad with a small step (h = 3e-4): float32 rounding still spoils the Hessian
# Says: exact Hessian
def newton_minimize(f, x0, steps):
    g, h = jax.grad(f), 3e-4
    x = x0
    for _ in range(steps):
        shifts = jnp.eye(x.shape[0], dtype=x.dtype) * h
        hessian = jnp.stack([(g(x + e) - g(x - e)) / (2 * h) for e in shifts])
        x = x - jnp.linalg.solve(hessian, g(x))
    return x
