# Wrong: erases each pixel with probability m / (height * width), so an image loses m pixels only on average
# Says: exactly, different
def erase_pixels(images, key, m):
    n, height, width, _ = images.shape
    coins = jax.random.bernoulli(key, m / (height * width), (n, height, width, 1))
    return jnp.where(coins, jnp.uint8(0), images)
