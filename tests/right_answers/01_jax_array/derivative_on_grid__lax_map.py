# Right: maps jax.grad(f) over the points with jax.lax.map instead of jax.vmap
def derivative_on_grid(f, xs):
    return jax.lax.map(jax.grad(f), xs)
