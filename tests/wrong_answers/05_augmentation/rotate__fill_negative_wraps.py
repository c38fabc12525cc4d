# Wrong: reads with .at[...].get(mode="fill", fill_value=0), but a negative index counts from the end: no 0 there
# Says: outside, 0
def rotate(img, degrees):
    h, w = img.shape[:2]
    t = degrees * jnp.pi / 180
    rows, cols = jnp.indices((h, w))
    u, v = rows - (h - 1) / 2, cols - (w - 1) / 2
    y = (h - 1) / 2 + u * jnp.cos(t) + v * jnp.sin(t)
    x = (w - 1) / 2 - u * jnp.sin(t) + v * jnp.cos(t)
    fy, fx = jnp.floor(y), jnp.floor(x)
    wy = jnp.stack([1 - (y - fy), y - fy])
    wx = jnp.stack([1 - (x - fx), x - fx])
    src = img.astype(jnp.float32)
    out = jnp.zeros(img.shape, jnp.float32)
    for dy in (0, 1):
        for dx in (0, 1):
            near = src.at[fy.astype(int) + dy, fx.astype(int) + dx].get(mode="fill", fill_value=0)
            out = out + (wy[dy] * wx[dx])[..., None] * near
    return out
