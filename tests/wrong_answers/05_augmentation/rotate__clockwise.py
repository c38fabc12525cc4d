# Wrong: maps the source point with the angle's sign flipped, so the image turns clockwise
# Says: 90 degrees, np.rot90
def rotate(img, degrees):
    h, w = img.shape[:2]
    coords = jnp.indices((h, w)).reshape(2, -1).astype(jnp.float32)
    t = -jnp.deg2rad(degrees)
    c = jnp.array([(h - 1) / 2, (w - 1) / 2])[:, None]
    turn = jnp.array([[jnp.cos(t), jnp.sin(t)], [-jnp.sin(t), jnp.cos(t)]])
    y, x = (turn @ (coords - c) + c).reshape(2, h, w)

    def channel(ch):
        return jax.scipy.ndimage.map_coordinates(ch, [y, x], order=1, mode="constant")

    return jax.vmap(channel, in_axes=2, out_axes=2)(img.astype(jnp.float32))
