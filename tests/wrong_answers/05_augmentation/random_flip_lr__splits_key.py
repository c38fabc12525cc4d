# Wrong: splits the key before drawing, so the coin is not jax.random.bernoulli(key)
def random_flip_lr(img, key):
    _, sub = jax.random.split(key)
    return lax.cond(jax.random.bernoulli(sub), lambda x: jnp.flip(x, axis=1), lambda x: x, img)
