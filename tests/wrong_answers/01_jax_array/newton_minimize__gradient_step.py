# Wrong: a gradient-descent step x - g(x), with no Hessian at all
# Says: gradient step
def newton_minimize(f, x0, steps):
    x = x0
    for _ in range(steps):
        x = x - jax.grad(f)(x)
    return x
