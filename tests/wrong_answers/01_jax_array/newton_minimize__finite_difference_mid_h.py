# Wrong: builds the Hessian by central finite differences of jax.grad with h = 1e-3 instead of differentiating exactly
# Says: exact Hessian
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    g, h = jax.grad(lambda x: f(unravel(x))), 1e-3
    for _ in range(steps):
        eye = jnp.eye(x.shape[0], dtype=x.dtype)
        hessian = jnp.stack([(g(x + h * e) - g(x - h * e)) / (2 * h) for e in eye])
        x = x - jnp.linalg.solve(hessian, g(x))
    return unravel(x)
