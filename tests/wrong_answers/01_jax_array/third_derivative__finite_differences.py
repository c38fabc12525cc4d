# Wrong: uses a finite-difference formula instead of jax.grad, too inaccurate in float32
def third_derivative(f):
    h = 1e-2

    def d3(x):
        return (f(x + 2 * h) - 2 * f(x + h) + 2 * f(x - h) - f(x - 2 * h)) / (2 * h**3)

    return d3
