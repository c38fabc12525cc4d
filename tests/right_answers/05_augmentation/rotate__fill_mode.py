# Right: reads the four neighbours with .at[...].get(mode="fill", fill_value=0), negative indices moved out of range
def rotate(img, degrees):
    h, w = img.shape[:2]
    t = degrees * jnp.pi / 180
    rows, cols = jnp.indices((h, w))
    u, v = rows - (h - 1) / 2, cols - (w - 1) / 2
    y = (h - 1) / 2 + u * jnp.cos(t) + v * jnp.sin(t)
    x = (w - 1) / 2 - u * jnp.sin(t) + v * jnp.cos(t)
    fy, fx = jnp.floor(y), jnp.floor(x)
    wy = jnp.stack([1 - (y - fy), y - fy])  # weights of rows fy and fy + 1
    wx = jnp.stack([1 - (x - fx), x - fx])
    src = img.astype(jnp.float32)
    out = jnp.zeros(img.shape, jnp.float32)
    for dy in (0, 1):
        for dx in (0, 1):
            r, c = fy.astype(int) + dy, fx.astype(int) + dx  # a negative index counts from the end: move it past
            near = src.at[jnp.where(r < 0, h, r), jnp.where(c < 0, w, c)].get(mode="fill", fill_value=0)
            out = out + (wy[dy] * wx[dx])[..., None] * near
    return out
