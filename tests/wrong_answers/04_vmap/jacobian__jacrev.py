# Wrong: asks jax.jacrev, which the statement rules out
# Says: jax.vjp, jacrev
def jacobian(f, x):
    return jax.jacrev(f)(x)
