# Right: shard_map on jax.sharding.Mesh(np.array(jax.local_devices()), ...), in_specs given as one prefix
def augment_data_parallel(images, key):
    mesh = jax.sharding.Mesh(np.array(jax.local_devices()), ("devices",))
    keys = jax.random.split(key, images.shape[0])
    spec = jax.sharding.PartitionSpec("devices")
    return jax.shard_map(jax.vmap(augment.augment), mesh=mesh, in_specs=spec, out_specs=spec)(images, keys)
