# Wrong: the function as given: the same keys in every epoch, and one key for both coins of an image
# Says: epochs, fresh keys
def augment_epochs(images, key, epochs):
    def random_flips(img, key):
        lr = jax.random.bernoulli(key)
        ud = jax.random.bernoulli(key)
        img = jnp.where(lr, img[:, ::-1], img)
        return jnp.where(ud, img[::-1], img)

    keys = jax.random.split(key, images.shape[0])
    return jnp.stack([jax.vmap(random_flips)(images, keys) for epoch in range(epochs)])
