# Right: jit of jax.shard_map over jax.make_mesh of all devices (inputs placed with a NamedSharding) instead of pmap
def augment_data_parallel(images, key):
    n = jax.local_device_count()
    mesh = jax.make_mesh((n,), ("devices",))
    blocks = jax.NamedSharding(mesh, jax.P("devices"))
    keys = jax.random.split(key, images.shape[0])
    images, keys = jax.device_put((images, keys), blocks)
    step = jax.shard_map(jax.vmap(augment.augment), mesh=mesh,
                         in_specs=(jax.P("devices"), jax.P("devices")), out_specs=jax.P("devices"))
    return jax.jit(step)(images, keys)
