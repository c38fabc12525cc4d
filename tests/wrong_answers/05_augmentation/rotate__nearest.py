# Wrong: takes the nearest pixel to the source point (rounding) instead of blending the four around it
# Says: bilinear
def rotate(img, degrees):
    h, w = img.shape[:2]
    t = jnp.deg2rad(degrees)
    i, j = jnp.indices((h, w)) - jnp.array([(h - 1) / 2, (w - 1) / 2])[:, None, None]
    y = jnp.round((h - 1) / 2 + i * jnp.cos(t) + j * jnp.sin(t)).astype(jnp.int32)
    x = jnp.round((w - 1) / 2 - i * jnp.sin(t) + j * jnp.cos(t)).astype(jnp.int32)
    inside = (y >= 0) & (y < h) & (x >= 0) & (x < w)
    return jnp.where(inside[..., None], img[y, x].astype(jnp.float32), 0.0)
