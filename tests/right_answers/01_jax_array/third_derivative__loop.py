# Right: applies jax.grad three times in a Python loop instead of nesting the calls
def third_derivative(f):
    derivative = f
    for _ in range(3):
        derivative = jax.grad(derivative)
    return derivative
