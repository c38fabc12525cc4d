# Wrong: branches on the traced coin with a Python if (works eagerly, fails under jax.jit and jax.vmap)
def random_flip_lr(img, key):
    if jax.random.bernoulli(key):
        return jnp.flip(img, axis=1)
    return img
