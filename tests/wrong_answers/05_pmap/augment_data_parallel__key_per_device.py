# Wrong: one key per device (the 2022 recipe), so the transforms depend on the number of devices
def augment_data_parallel(images, key):
    n = jax.local_device_count()
    blocks = images.reshape(n, images.shape[0] // n, *images.shape[1:])
    device_keys = jax.random.split(key, n)
    out = jax.pmap(augment.augment_batch)(blocks, device_keys)
    return out.reshape(images.shape)
