# Wrong: erases counts[k] positions in every channel on its own, so a pixel may lose one channel and keep another
# Says: all channels
def erase_pixels(images, key, counts):
    n, height, width, channels = images.shape

    def erase_plane(plane, k, count):  # one channel of one image
        order = jax.random.permutation(k, height * width)
        erased = jnp.zeros(height * width, bool).at[order].set(jnp.arange(height * width) < count)
        return jnp.where(erased.reshape(height, width), jnp.uint8(0), plane)

    keys = jax.random.split(key, (n, channels))
    per_image = jax.vmap(erase_plane, in_axes=(2, 0, None), out_axes=2)
    return jax.vmap(per_image)(images, keys, counts)
