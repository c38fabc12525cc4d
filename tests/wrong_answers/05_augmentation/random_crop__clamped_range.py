# Wrong: draws offsets over the whole image and lets dynamic_slice clamp them, so the last offset comes far too often
# Says: too often
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0])
    c = jax.random.randint(k_col, (), 0, img.shape[1])
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))
