# Wrong: vmaps jax.jvp over the unit vectors of the inputs and stacks the columns along axis 0: the transpose of J
# Says: transpose
def jacobian(f, x):
    column = lambda t: jax.jvp(f, (x,), (t,))[1]
    return jax.vmap(column)(jnp.eye(x.shape[0], dtype=x.dtype))
