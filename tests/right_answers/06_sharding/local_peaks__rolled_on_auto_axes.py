# Right: jnp.roll in a function on automatic axes (jax.sharding.auto_axes), the wrapped-around ends replaced
def local_peaks(x):
    spec = jax.typeof(x).sharding.spec

    def neighbours(y):  # on automatic axes the compiler places jnp.roll's moves itself
        return jnp.roll(y, 1).at[0].set(-jnp.inf), jnp.roll(y, -1).at[-1].set(-jnp.inf)

    left, right = jax.sharding.auto_axes(neighbours, out_sharding=(spec, spec))(x)
    return (x >= left) & (x >= right)
