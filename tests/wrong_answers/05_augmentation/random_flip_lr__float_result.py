# Wrong: chooses with arithmetic on the pixels, which turns the uint8 image into floats
def random_flip_lr(img, key):
    flip = jax.random.bernoulli(key).astype(jnp.float32)
    return flip * jnp.flip(img, axis=1) + (1 - flip) * img
