# Right: jax.device_put inside jit places the keys like the photos' first dimension (sharding from their type)
def augment_sharded(photos, key):
    @jax.jit
    def run(photos, key):
        sharding = jax.typeof(photos).sharding
        keys = jax.random.split(key, len(photos))
        keys = jax.device_put(keys, jax.NamedSharding(sharding.mesh, jax.P(sharding.spec[0])))
        return jax.vmap(augment)(photos, keys)

    return run(photos, key)
