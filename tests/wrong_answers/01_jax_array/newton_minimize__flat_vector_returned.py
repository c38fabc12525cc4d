# Wrong: takes the right Newton steps but returns the flat vector of all entries, not a pytree like params0
# Says: like params0
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    gradient = jax.grad(lambda x: f(unravel(x)))
    for _ in range(steps):
        x = x - jnp.linalg.solve(jax.jacfwd(gradient)(x), gradient(x))
    return x
