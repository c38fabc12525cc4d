# Wrong: lets jit compute jnp.mean on the sharded array instead of writing the shard_map asked for
def global_mean_shard_map(x, mesh):
    return jax.jit(jnp.mean)(x)
