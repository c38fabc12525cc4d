# Wrong: every device reuses the same key, so all blocks get the same sequence of transforms
def augment_data_parallel(images, key):
    n = jax.local_device_count()
    blocks = images.reshape(n, images.shape[0] // n, *images.shape[1:])
    out = jax.pmap(augment.augment_batch, in_axes=(0, None))(blocks, key)
    return out.reshape(images.shape)
