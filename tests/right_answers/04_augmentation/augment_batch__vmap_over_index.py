# Right: vmaps over image numbers and indexes the batch and the keys inside
def augment_batch(images, key):
    n = images.shape[0]
    keys = jax.random.split(key, n)
    return jax.vmap(lambda i: augment(images[i], keys[i]))(jnp.arange(n))
