# Right: advances one key per epoch (key, k = split(key)), lax.cond for the flips, fold_in for the two coins
def augment_epochs(images, key, epochs):
    def random_flips(img, key):
        img = lax.cond(jax.random.bernoulli(jax.random.fold_in(key, 0)), lambda x: x[:, ::-1], lambda x: x, img)
        return lax.cond(jax.random.bernoulli(jax.random.fold_in(key, 1)), lambda x: x[::-1], lambda x: x, img)

    batches = []
    for _ in range(epochs):
        key, k_epoch = jax.random.split(key)
        batches.append(jax.vmap(random_flips)(images, jax.random.split(k_epoch, images.shape[0])))
    return jnp.stack(batches)
