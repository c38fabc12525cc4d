# Right: all keys at once, split(key, (epochs, n)), two nested vmaps, coins drawn as one bernoulli of shape (2,)
def augment_epochs(images, key, epochs):
    def random_flips(img, key):
        lr, ud = jax.random.bernoulli(key, shape=(2,))
        img = jnp.where(lr, jnp.flip(img, axis=1), img)
        return jnp.where(ud, jnp.flip(img, axis=0), img)

    keys = jax.random.split(key, (epochs, images.shape[0]))
    return jax.vmap(jax.vmap(random_flips), in_axes=(None, 0))(images, keys)
