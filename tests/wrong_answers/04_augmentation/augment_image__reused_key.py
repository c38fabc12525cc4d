# Wrong: draws all three coins from the same key, so the three steps always happen together
def augment(img, key):
    img = lax.cond(jax.random.bernoulli(key), jnp.rot90, lambda x: x, img)
    img = random_flip_lr(img, key)
    return lax.cond(jax.random.bernoulli(key), lambda x: jnp.flip(x, axis=0), lambda x: x, img)
