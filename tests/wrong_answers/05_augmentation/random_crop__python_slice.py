# Wrong: cuts the window with a Python slice at traced offsets (works eagerly, fails under jax.jit)
# Says: jit
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0] - size + 1)
    c = jax.random.randint(k_col, (), 0, img.shape[1] - size + 1)
    return img[r:r + size, c:c + size]
