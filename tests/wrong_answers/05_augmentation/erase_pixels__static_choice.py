# Wrong: jax.random.choice(replace=False) with counts[k] draws: a traced count cannot set a shape under jax.jit
# Says: jax.jit, counts traced
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape

    def erase(img, k, count):
        chosen = jax.random.choice(k, height * width, (int(count),), replace=False)
        erased = jnp.zeros(height * width, bool).at[chosen].set(True).reshape(height, width)
        return jnp.where(erased[:, :, None], jnp.uint8(0), img)

    return jnp.stack([erase(images[i], k, counts[i]) for i, k in enumerate(jax.random.split(key, n))])
