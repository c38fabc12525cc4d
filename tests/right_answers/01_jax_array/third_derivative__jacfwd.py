# Right: nests forward-mode jax.jacfwd three times (the same derivative as jax.grad for a scalar function)
def third_derivative(f):
    return jax.jacfwd(jax.jacfwd(jax.jacfwd(f)))
