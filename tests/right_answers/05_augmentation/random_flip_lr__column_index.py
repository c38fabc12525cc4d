# Right: picks the column order with the coin and reads the columns with jnp.take (no branch on the image)
def random_flip_lr(img, key):
    cols = jnp.arange(img.shape[1])
    cols = jnp.where(jax.random.bernoulli(key), cols[::-1], cols)
    return jnp.take(img, cols, axis=1)
