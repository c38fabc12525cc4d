# Wrong: divides the gradient by the Hessian's diagonal instead of solving with the whole Hessian
# Says: diagonal
def newton_minimize(f, x0, steps):
    x = x0
    for _ in range(steps):
        second = jnp.diag(jax.jacfwd(jax.grad(f))(x))
        x = x - jax.grad(f)(x) / second
    return x
