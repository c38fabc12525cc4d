# Wrong: finite differences of jax.grad with a small step (h = 3e-4): float32 rounding still spoils the Hessian
# Says: exact Hessian
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    g, h = jax.grad(lambda x: f(unravel(x))), 3e-4
    for _ in range(steps):
        shifts = jnp.eye(x.shape[0], dtype=x.dtype) * h
        hessian = jnp.stack([(g(x + e) - g(x - e)) / (2 * h) for e in shifts])
        x = x - jnp.linalg.solve(hessian, g(x))
    return unravel(x)
