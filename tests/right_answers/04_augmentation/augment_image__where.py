# Right: three jnp.where steps, each on its own subkey, instead of lax.cond (and without calling random_flip_lr)
def augment(img, key):
    k_rot, k_lr, k_ud = jax.random.split(key, 3)
    img = jnp.where(jax.random.bernoulli(k_rot), jnp.rot90(img), img)
    img = jnp.where(jax.random.bernoulli(k_lr), img[:, ::-1], img)
    return jnp.where(jax.random.bernoulli(k_ud), img[::-1], img)
