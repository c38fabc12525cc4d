# Right: one key per image as given, folded with the epoch number; separate subkeys for the two coins
def augment_epochs(images, key, epochs):
    def random_flips(img, key):
        k_lr, k_ud = jax.random.split(key)
        img = jnp.where(jax.random.bernoulli(k_lr), img[:, ::-1], img)
        return jnp.where(jax.random.bernoulli(k_ud), img[::-1], img)

    image_keys = jax.random.split(key, images.shape[0])
    batches = []
    for epoch in range(epochs):
        keys = jax.vmap(lambda k, e=epoch: jax.random.fold_in(k, e))(image_keys)
        batches.append(jax.vmap(random_flips)(images, keys))
    return jnp.stack(batches)
