# Right: jax.hessian and an explicit inverse instead of jacfwd of the gradient and a linear solve
def newton_minimize(f, x0, steps):
    x = x0
    for _ in range(steps):
        x = x - jnp.linalg.inv(jax.hessian(f)(x)) @ jax.grad(f)(x)
    return x
