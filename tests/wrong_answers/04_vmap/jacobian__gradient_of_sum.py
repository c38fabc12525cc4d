# Wrong: one pullback of a vector of ones: the gradient of sum(f), the column sums of J, not J
# Says: jax.jacrev's, (70, 3)
def jacobian(f, x):
    y, pullback = jax.vjp(f, x)
    return pullback(jnp.ones_like(y))[0]
