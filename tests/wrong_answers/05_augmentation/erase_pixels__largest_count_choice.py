# Wrong: draws counts.max() positions for every image (choice without replacement) and erases all of them
# Says: jax.jit, counts traced
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    most = int(counts.max())  # the largest count sets the number of draws

    def erase(img, k):
        chosen = jax.random.choice(k, height * width, (most,), replace=False)
        erased = jnp.zeros(height * width, bool).at[chosen].set(True).reshape(height, width)
        return jnp.where(erased[:, :, None], jnp.uint8(0), img)

    return jax.vmap(erase)(images, jax.random.split(key, n))
