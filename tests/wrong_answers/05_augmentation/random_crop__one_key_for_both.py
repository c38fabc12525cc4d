# Wrong: draws the row and the column offset from the same key, so on a square image r == c always
# Says: r == c, subkey
def random_crop(img, key, size):
    r = jax.random.randint(key, (), 0, img.shape[0] - size + 1)
    c = jax.random.randint(key, (), 0, img.shape[1] - size + 1)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))
