# Wrong: randint's maxval is exclusive, so maxval = height - size never reaches the last offset
# Says: offsets, 0 to 4
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0] - size)
    c = jax.random.randint(k_col, (), 0, img.shape[1] - size)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))
