# Wrong: fresh keys in every epoch, but both coins of an image still come from one key (lr == ud always)
# Says: two coins, own key
def augment_epochs(images, key, epochs):
    def random_flips(img, key):
        lr = jax.random.bernoulli(key)
        ud = jax.random.bernoulli(key)
        img = jnp.where(lr, img[:, ::-1], img)
        return jnp.where(ud, img[::-1], img)

    batches = []
    for epoch in range(epochs):
        keys = jax.random.split(jax.random.fold_in(key, epoch), images.shape[0])
        batches.append(jax.vmap(random_flips)(images, keys))
    return jnp.stack(batches)
