# Wrong: r drawn with the parent key itself and c with a piece split from it (a key used twice)
# Says: key, twice
# Caught: hidden (the visible cell checks the offsets' counts, which look right)
def random_crop(img, key, size):
    r = jax.random.randint(key, (), 0, img.shape[0] - size + 1)
    c = jax.random.randint(jax.random.split(key)[0], (), 0, img.shape[1] - size + 1)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))
