# Wrong: erases m positions in every channel on its own, so a pixel may lose one channel and keep another
# Says: all channels
def erase_pixels(images, key, m):
    n, height, width, channels = images.shape

    def erase_plane(plane, k):  # one channel of one image
        chosen = jax.random.permutation(k, height * width)[:m]
        return plane.reshape(-1).at[chosen].set(0).reshape(height, width)

    keys = jax.random.split(key, (n, channels))
    planes = jax.vmap(jax.vmap(erase_plane, in_axes=(2, 0), out_axes=2))(images, keys)
    return planes
