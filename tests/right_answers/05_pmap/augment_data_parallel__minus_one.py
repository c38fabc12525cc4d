# Right: pmap with axis_name over a lambda, reshapes written with -1 and jax.tree.map
def augment_data_parallel(images, key):
    n = jax.local_device_count()
    keys = jax.random.split(key, len(images))
    image_blocks, key_blocks = jax.tree.map(lambda a: a.reshape(n, -1, *a.shape[1:]), (images, keys))
    out = jax.pmap(lambda imgs, ks: jax.vmap(augment.augment)(imgs, ks), axis_name="devices")(image_blocks, key_blocks)
    return out.reshape(-1, *images.shape[1:])
