# Wrong: builds the Hessian by central finite differences of jax.grad (h = 1e-2) instead of differentiating exactly
# Says: exact Hessian
def newton_minimize(f, x0, steps):
    g, h = jax.grad(f), 1e-2
    x = x0
    for _ in range(steps):
        shifts = jnp.eye(x.shape[0], dtype=x.dtype) * h
        hessian = jnp.stack([(g(x + e) - g(x - e)) / (2 * h) for e in shifts])
        x = x - jnp.linalg.solve(hessian, g(x))
    return x
