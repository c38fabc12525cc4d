# Wrong: takes steps + 1 Newton steps (the loop counts from 0 to steps inclusive)
# Says: exactly
def newton_minimize(f, x0, steps):
    x = x0
    for _ in range(steps + 1):
        x = x - jnp.linalg.solve(jax.jacfwd(jax.grad(f))(x), jax.grad(f)(x))
    return x
