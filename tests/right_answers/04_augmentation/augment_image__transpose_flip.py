# Right: writes the 90-degree turn as a transpose followed by an up-down flip
def augment(img, key):
    k_rot, k_lr, k_ud = jax.random.split(key, 3)

    def rotate(x):
        return jnp.flipud(jnp.swapaxes(x, 0, 1))

    img = lax.cond(jax.random.bernoulli(k_rot), rotate, lambda x: x, img)
    img = random_flip_lr(img, k_lr)
    return lax.cond(jax.random.bernoulli(k_ud), jnp.flipud, lambda x: x, img)
