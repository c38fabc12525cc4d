# Wrong: splits the second axis over the devices instead of the leading (batch) axis
def shard_batch(x, mesh):
    return jax.device_put(x, jax.NamedSharding(mesh, jax.P(None, "devices")))
