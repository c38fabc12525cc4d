# Right: one forward-mode jax.jvp of jax.vmap(f) with all-ones tangents instead of jax.grad per point
def derivative_on_grid(f, xs):
    _, slopes = jax.jvp(jax.vmap(f), (xs,), (jnp.ones_like(xs),))
    return slopes
