# Right: jax.scipy.ndimage.map_coordinates (order 1, mode "constant") samples each channel, vmapped over channels
def rotate(img, degrees):
    height, width = img.shape[:2]
    t = jnp.radians(degrees)
    cy, cx = (height - 1) / 2, (width - 1) / 2
    i, j = jnp.mgrid[:height, :width]
    di, dj = i - cy, j - cx
    points = [cy + di * jnp.cos(t) + dj * jnp.sin(t), cx - di * jnp.sin(t) + dj * jnp.cos(t)]

    def channel(c):
        return jax.scipy.ndimage.map_coordinates(c, points, order=1, mode="constant", cval=0.0)

    return jax.vmap(channel, in_axes=2, out_axes=2)(img.astype(jnp.float32))
