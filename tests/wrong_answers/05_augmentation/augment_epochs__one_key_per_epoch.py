# Wrong: a fresh key per epoch, but shared by all images of the epoch (in_axes=None for the key)
# Says: images, own key
def augment_epochs(images, key, epochs):
    def random_flips(img, key):
        k_lr, k_ud = jax.random.split(key)
        img = jnp.where(jax.random.bernoulli(k_lr), img[:, ::-1], img)
        return jnp.where(jax.random.bernoulli(k_ud), img[::-1], img)

    epoch_keys = jax.random.split(key, epochs)
    return jnp.stack([jax.vmap(random_flips, in_axes=(0, None))(images, k) for k in epoch_keys])
