# Right: differentiates jax.hessian(f) (the second derivative of a scalar function) once more with jax.grad
def third_derivative(f):
    return jax.grad(jax.hessian(f))
