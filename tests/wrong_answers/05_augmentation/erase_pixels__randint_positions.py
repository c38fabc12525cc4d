# Wrong: draws the m positions with jax.random.randint, which may draw a position twice (fewer than m erased)
# Says: exactly, different
def erase_pixels(images, key, m):
    n, height, width, _ = images.shape

    def erase(img, k):
        chosen = jax.random.randint(k, (m,), 0, height * width)
        erased = jnp.zeros(height * width, bool).at[chosen].set(True).reshape(height, width)
        return jnp.where(erased[:, :, None], jnp.uint8(0), img)

    return jax.vmap(erase)(images, jax.random.split(key, n))
