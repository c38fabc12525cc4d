# Wrong: builds the Hessian by central finite differences of jax.grad (h = 1e-2) instead of differentiating exactly
# Says: exact Hessian
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    g, h = jax.grad(lambda x: f(unravel(x))), 1e-2
    for _ in range(steps):
        shifts = jnp.eye(x.shape[0], dtype=x.dtype) * h
        hessian = jnp.stack([(g(x + e) - g(x - e)) / (2 * h) for e in shifts])
        x = x - jnp.linalg.solve(hessian, g(x))
    return unravel(x)
