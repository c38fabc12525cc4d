# Wrong: reshards the signal to whole (an all-gather), runs the one-device code, splits the result again
# Says: moves more
def local_peaks(x):
    spec = jax.typeof(x).sharding.spec
    whole = jax.sharding.reshard(x, jax.P())
    left = jnp.concatenate([jnp.full(1, -jnp.inf), whole[:-1]])
    right = jnp.concatenate([whole[1:], jnp.full(1, -jnp.inf)])
    return jax.sharding.reshard((whole >= left) & (whole >= right), spec)
