# Wrong: loops over the images in Python instead of using jax.vmap (the jaxpr grows with the batch)
def augment_batch(images, key):
    keys = jax.random.split(key, images.shape[0])
    return jnp.stack([augment(images[i], keys[i]) for i in range(images.shape[0])])
