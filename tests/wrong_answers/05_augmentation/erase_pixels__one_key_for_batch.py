# Wrong: draws one set of positions with the key and erases it in every image of the batch
# Says: same pixels
def erase_pixels(images, key, m):
    n, height, width, _ = images.shape
    chosen = jax.random.permutation(key, height * width)[:m]
    erased = jnp.zeros(height * width, bool).at[chosen].set(True).reshape(height, width)
    return jnp.where(erased[None, :, :, None], jnp.uint8(0), images)
