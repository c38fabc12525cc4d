# Wrong: applies jax.grad twice, which gives the second derivative (off by one order)
def third_derivative(f):
    return jax.grad(jax.grad(f))
