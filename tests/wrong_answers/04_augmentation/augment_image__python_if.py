# Wrong: Python if statements on traced coins (works eagerly, fails under jax.jit)
def augment(img, key):
    k_rot, k_lr, k_ud = jax.random.split(key, 3)
    if jax.random.bernoulli(k_rot):
        img = jnp.rot90(img)
    if jax.random.bernoulli(k_lr):
        img = jnp.flip(img, axis=1)
    if jax.random.bernoulli(k_ud):
        img = jnp.flip(img, axis=0)
    return img
