# Wrong: erases each pixel with probability counts[k] / (height * width): image k loses counts[k] only on average
# Says: exactly, different
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    p = (counts / (height * width))[:, None, None, None]
    coins = jax.random.bernoulli(key, p, (n, height, width, 1))
    return jnp.where(coins, jnp.uint8(0), images)
