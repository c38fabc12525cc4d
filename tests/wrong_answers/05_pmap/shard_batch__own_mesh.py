# Wrong: ignores the mesh argument and builds its own mesh over all devices
def shard_batch(x, mesh):
    own = jax.make_mesh((jax.device_count(),), ("devices",))
    return jax.device_put(x, jax.NamedSharding(own, jax.P("devices")))
