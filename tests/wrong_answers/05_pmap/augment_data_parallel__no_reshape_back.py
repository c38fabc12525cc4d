# Wrong: returns the (devices, B // devices, ...) blocks without reshaping back to the batch
def augment_data_parallel(images, key):
    n = jax.local_device_count()
    batch = images.shape[0]
    keys = jax.random.split(key, batch).reshape(n, batch // n)
    blocks = images.reshape(n, batch // n, *images.shape[1:])
    return jax.pmap(jax.vmap(augment.augment))(blocks, keys)
