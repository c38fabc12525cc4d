# Right: one key per photo of the whole batch, placed like the photos; jax.shard_map of the vmapped augment
@jax.jit
def _run(photos, key):
    where = jax.typeof(photos).sharding
    spec = jax.P(where.spec[0])
    keys = jax.sharding.reshard(jax.random.split(key, photos.shape[0]), jax.NamedSharding(where.mesh, spec))
    return jax.shard_map(jax.vmap(augment), mesh=where.mesh, in_specs=(spec, spec), out_specs=spec)(photos, keys)


def augment_sharded(photos, key):
    return _run(photos, key)
