# Wrong: converts the batch to float32 before augmenting it
def augment_batch(images, key):
    keys = jax.random.split(key, images.shape[0])
    return jax.vmap(augment)(images.astype(jnp.float32), keys)
