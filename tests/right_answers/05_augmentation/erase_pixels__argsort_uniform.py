# Right: ranks uniform numbers (argsort of argsort) and erases the m positions of lowest rank, for all images at once
def erase_pixels(images, key, m):
    n, height, width, _ = images.shape
    u = jax.random.uniform(key, (n, height * width))
    rank = jnp.argsort(jnp.argsort(u, axis=1), axis=1)  # a random order of the positions of each image
    return jnp.where((rank < m).reshape(n, height, width, 1), 0, images).astype(images.dtype)
