# Wrong: takes steps + 1 Newton steps (the loop counts from 0 to steps inclusive)
# Says: exactly
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    gradient = jax.grad(lambda x: f(unravel(x)))
    for _ in range(steps + 1):
        x = x - jnp.linalg.solve(jax.hessian(lambda x: f(unravel(x)))(x), gradient(x))
    return unravel(x)
