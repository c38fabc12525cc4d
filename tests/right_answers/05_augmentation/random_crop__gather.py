# Right: one randint of shape (2,) with per-axis bounds, then index arrays (a gather) instead of dynamic_slice
def random_crop(img, key, size):
    high = jnp.array([img.shape[0] - size + 1, img.shape[1] - size + 1])
    r, c = jax.random.randint(key, (2,), 0, high)
    return img[r + jnp.arange(size)[:, None], c + jnp.arange(size)[None, :]]
