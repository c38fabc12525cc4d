# Wrong: divides the gradient by the Hessian's diagonal instead of solving with the whole Hessian
# Says: exact Hessian
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    gradient = jax.grad(lambda x: f(unravel(x)))
    for _ in range(steps):
        x = x - gradient(x) / jnp.diag(jax.jacfwd(gradient)(x))
    return unravel(x)
