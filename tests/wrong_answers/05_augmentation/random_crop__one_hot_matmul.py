# Wrong: selects the window with one-hot matrix products, which computes with every pixel (and rounds through floats)
# Says: pixel values, only moves
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0] - size + 1)
    c = jax.random.randint(k_col, (), 0, img.shape[1] - size + 1)
    rows = jax.nn.one_hot(r + jnp.arange(size), img.shape[0])
    cols = jax.nn.one_hot(c + jnp.arange(size), img.shape[1])
    out = jnp.einsum("ih,hwc,jw->ijc", rows, img.astype(jnp.float32), cols)
    return out.astype(img.dtype)
