# Right: one scalar function per coordinate, each differentiated with jax.grad and mapped with vmap
def velocity(r, ts):
    d = jax.eval_shape(r, ts[0]).shape[0]
    columns = [jax.vmap(jax.grad(lambda t, i=i: r(t)[i]))(ts) for i in range(d)]
    return jnp.stack(columns, axis=1)
