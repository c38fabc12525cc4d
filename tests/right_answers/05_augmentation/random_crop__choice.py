# Right: jax.random.choice over the valid offsets, from two subkeys
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.choice(k_row, img.shape[0] - size + 1)
    c = jax.random.choice(k_col, img.shape[1] - size + 1)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))
