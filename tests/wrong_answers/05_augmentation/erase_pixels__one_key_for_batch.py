# Wrong: draws one random order of the positions with the key and uses it in every image of the batch
# Says: same pixels
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    place = jnp.argsort(jax.random.permutation(key, height * width))  # each position's place in the order
    erased = (place[None, :] < counts[:, None]).reshape(n, height, width, 1)
    return jnp.where(erased, jnp.uint8(0), images)
