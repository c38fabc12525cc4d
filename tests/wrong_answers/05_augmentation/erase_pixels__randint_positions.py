# Wrong: draws height * width positions with jax.random.randint and erases the first counts[k]: they may repeat
# Says: exactly, different
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape

    def erase(img, k, count):
        drawn = jax.random.randint(k, (height * width,), 0, height * width)
        erased = jnp.zeros(height * width, bool).at[drawn].max(jnp.arange(height * width) < count)
        return jnp.where(erased.reshape(height, width, 1), jnp.uint8(0), img)

    return jax.vmap(erase)(images, jax.random.split(key, n), counts)
