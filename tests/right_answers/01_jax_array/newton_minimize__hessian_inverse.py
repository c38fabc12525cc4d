# Right: jax.hessian of the flattened function and an explicit inverse, instead of jacfwd of the gradient and a solve
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    flat_f = lambda x: f(unravel(x))
    for _ in range(steps):
        x = x - jnp.linalg.inv(jax.hessian(flat_f)(x)) @ jax.grad(flat_f)(x)
    return unravel(x)
