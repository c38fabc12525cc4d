# Wrong: erases a run of m neighbouring positions from a random start: every position equally often, but few sets
# Says: never erased together
def erase_pixels(images, key, m):
    n, height, width, _ = images.shape

    def erase(img, k):
        start = jax.random.randint(k, (), 0, height * width)
        erased = ((jnp.arange(height * width) - start) % (height * width) < m).reshape(height, width)
        return jnp.where(erased[:, :, None], jnp.zeros((), images.dtype), img)

    return jax.vmap(erase)(images, jax.random.split(key, n))
