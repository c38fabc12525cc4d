# Wrong: fixes the coins (one subkey each) but still reuses the same image keys in every epoch
# Says: epochs, fresh keys
def augment_epochs(images, key, epochs):
    def random_flips(img, key):
        k_lr, k_ud = jax.random.split(key)
        img = jnp.where(jax.random.bernoulli(k_lr), img[:, ::-1], img)
        return jnp.where(jax.random.bernoulli(k_ud), img[::-1], img)

    keys = jax.random.split(key, images.shape[0])
    return jnp.stack([jax.vmap(random_flips)(images, keys) for epoch in range(epochs)])
