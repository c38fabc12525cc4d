# %% right: fill_mode
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


# %% right: map_coordinates
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


# %% wrong: clamped_reads
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


# %% wrong: clockwise
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


# %% wrong: fill_negative_wraps
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


# %% wrong: hardcoded_visible
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


# %% wrong: masks_source_point
# Wrong: clamped reads, then 0 only where the source point itself is outside: the fading border band is wrong
# Says: differ, outside
# Caught: hidden (the visible ramp checks only source points inside the image or a whole pixel outside it)
def rotate(img, degrees):
    h, w = img.shape[:2]
    t = jnp.deg2rad(degrees)
    i, j = jnp.indices((h, w)) - jnp.array([(h - 1) / 2, (w - 1) / 2])[:, None, None]
    y = (h - 1) / 2 + i * jnp.cos(t) + j * jnp.sin(t)
    x = (w - 1) / 2 - i * jnp.sin(t) + j * jnp.cos(t)
    y0, x0 = jnp.floor(y).astype(jnp.int32), jnp.floor(x).astype(jnp.int32)
    a, b = (y - y0)[..., None], (x - x0)[..., None]
    src = img.astype(jnp.float32)
    out = ((1 - a) * (1 - b) * src[y0, x0] + (1 - a) * b * src[y0, x0 + 1]
           + a * (1 - b) * src[y0 + 1, x0] + a * b * src[y0 + 1, x0 + 1])
    inside = (y > -0.5) & (y < h - 0.5) & (x > -0.5) & (x < w - 0.5)
    return jnp.where(inside[..., None], out, 0.0)


# %% wrong: nearest
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


# %% wrong: python_math
# Wrong: computes cos and sin with Python's math module, which needs a concrete angle: it fails under jax.jit
# Says: jax.jit
import math


def rotate(img, degrees):
    h, w = img.shape[:2]
    t = math.radians(degrees)
    cos, sin = math.cos(t), math.sin(t)
    i, j = jnp.indices((h, w)) - jnp.array([(h - 1) / 2, (w - 1) / 2])[:, None, None]
    points = [(h - 1) / 2 + i * cos + j * sin, (w - 1) / 2 - i * sin + j * cos]

    def channel(ch):
        return jax.scipy.ndimage.map_coordinates(ch, points, order=1, mode="constant")

    return jax.vmap(channel, in_axes=2, out_axes=2)(img.astype(jnp.float32))


# %% wrong: quarter_turns
# Wrong: rounds the angle to the nearest quarter turn and uses jnp.rot90, as lesson 05 did
# Says: bilinear
def rotate(img, degrees):
    k = jnp.round(jnp.asarray(degrees) / 90).astype(jnp.int32) % 4
    turns = [lambda x, k=k: jnp.rot90(x, k, axes=(0, 1)) for k in range(4)]
    return lax.switch(k, turns, img.astype(jnp.float32))


# %% wrong: unchanged
# Wrong: returns the image unchanged, as float32
# Says: 90 degrees
def rotate(img, degrees):
    return img.astype(jnp.float32)
