# Right: ranks uniform numbers (argsort of argsort) and erases the counts[k] positions of lowest rank, all at once
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    u = jax.random.uniform(key, (n, height * width))
    rank = jnp.argsort(jnp.argsort(u, axis=1), axis=1)  # a random order of the positions of each image
    erased = (rank < counts[:, None]).reshape(n, height, width, 1)
    return jnp.where(erased, 0, images).astype(images.dtype)
