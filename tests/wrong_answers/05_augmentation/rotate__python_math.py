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
