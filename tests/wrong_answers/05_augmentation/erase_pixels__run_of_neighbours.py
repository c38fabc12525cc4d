# Wrong: erases a run of counts[k] neighbouring positions from a random start: every position as often, few sets
# Says: never go together
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape

    def erase(img, k, count):
        start = jax.random.randint(k, (), 0, height * width)
        erased = ((jnp.arange(height * width) - start) % (height * width) < count).reshape(height, width)
        return jnp.where(erased[:, :, None], jnp.zeros((), images.dtype), img)

    return jax.vmap(erase)(images, jax.random.split(key, n), counts)
