# Wrong: transposes the image instead of rotating it by 90 degrees
def augment(img, key):
    k_rot, k_lr, k_ud = jax.random.split(key, 3)
    img = lax.cond(jax.random.bernoulli(k_rot), lambda x: jnp.transpose(x, (1, 0, 2)), lambda x: x, img)
    img = random_flip_lr(img, k_lr)
    return lax.cond(jax.random.bernoulli(k_ud), lambda x: jnp.flip(x, axis=0), lambda x: x, img)
