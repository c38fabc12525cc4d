# Wrong: flips up-down (axis 0) instead of left-right
def random_flip_lr(img, key):
    return lax.cond(jax.random.bernoulli(key), jnp.flipud, lambda x: x, img)
