# Wrong: the gradient of the sum of the coordinates adds the coordinates' derivatives together (the sum idiom is for elementwise functions of many points)
# Says: shape (5, 2)
def velocity(r, ts):
    return jax.vmap(jax.grad(lambda t: jnp.sum(r(t))))(ts)
