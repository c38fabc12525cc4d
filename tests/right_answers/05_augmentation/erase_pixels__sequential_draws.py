# Right: draws the positions one at a time in a fori_loop over all height * width steps, each among those left
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    size = height * width

    def erase(img, k, count):
        def step(t, carry):
            erased, k = carry
            k, pick = jax.random.split(k)
            logits = jnp.where(erased, -jnp.inf, 0.0)  # only positions not erased yet
            p = jax.random.categorical(pick, logits)
            return erased.at[p].set(t < count), k

        erased, _ = lax.fori_loop(0, size, step, (jnp.zeros(size, bool), k))
        return jnp.where(erased.reshape(height, width, 1), jnp.zeros((), img.dtype), img)

    return jax.vmap(erase)(images, jax.random.split(key, n), counts)
