# Wrong: the visible outputs hard-coded
# Says: uint8 image
# Caught: hidden (the visible image is the index ramp, whose rotation is the source points themselves)
def rotate(img, degrees):
    h, w = img.shape[:2]  # returns the visible test's expected values: the source points, 0 outside
    t = jnp.deg2rad(degrees)
    i, j = jnp.indices((h, w)) - jnp.array([(h - 1) / 2, (w - 1) / 2])[:, None, None]
    y = (h - 1) / 2 + i * jnp.cos(t) + j * jnp.sin(t)
    x = (w - 1) / 2 - i * jnp.sin(t) + j * jnp.cos(t)
    inside = (y > -1e-3) & (y < h - 1 + 1e-3) & (x > -1e-3) & (x < w - 1 + 1e-3)
    return jnp.where(inside[..., None], jnp.stack([y, x], -1), 0.0).astype(jnp.float32)
