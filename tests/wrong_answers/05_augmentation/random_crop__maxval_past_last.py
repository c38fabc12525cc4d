# Wrong: randint maxval one too large (height - size + 2): dynamic_slice clamps the overrun onto the last offset
# Says: too often
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0] - size + 2)
    c = jax.random.randint(k_col, (), 0, img.shape[1] - size + 2)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))
