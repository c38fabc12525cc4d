# Wrong: passes the same key to every image (in_axes=(0, None)), so the whole batch gets one transform
def augment_batch(images, key):
    return jax.vmap(augment, in_axes=(0, None))(images, key)
