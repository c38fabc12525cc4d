# Wrong: bilinear, but reads neighbours with plain indexing, which JAX clamps: the border smears outward, no 0
# Says: outside, 0
def rotate(img, degrees):
    h, w = img.shape[:2]
    t = jnp.deg2rad(degrees)
    i, j = jnp.indices((h, w)) - jnp.array([(h - 1) / 2, (w - 1) / 2])[:, None, None]
    y = (h - 1) / 2 + i * jnp.cos(t) + j * jnp.sin(t)
    x = (w - 1) / 2 - i * jnp.sin(t) + j * jnp.cos(t)
    y0, x0 = jnp.floor(y).astype(jnp.int32), jnp.floor(x).astype(jnp.int32)
    a, b = (y - y0)[..., None], (x - x0)[..., None]
    src = img.astype(jnp.float32)
    return ((1 - a) * (1 - b) * src[y0, x0] + (1 - a) * b * src[y0, x0 + 1]
            + a * (1 - b) * src[y0 + 1, x0] + a * b * src[y0 + 1, x0 + 1])
