# Wrong: the key of image i in epoch e is fold_in(key, e + i), so epochs and images share keys along diagonals
# Says: share keys, (epoch, image)
def augment_epochs(images, key, epochs):
    def random_flips(img, key):
        k_lr, k_ud = jax.random.split(key)
        img = jnp.where(jax.random.bernoulli(k_lr), img[:, ::-1], img)
        return jnp.where(jax.random.bernoulli(k_ud), img[::-1], img)

    n = images.shape[0]
    batches = []
    for epoch in range(epochs):
        keys = jax.vmap(lambda i, e=epoch: jax.random.fold_in(key, e + i))(jnp.arange(n))
        batches.append(jax.vmap(random_flips)(images, keys))
    return jnp.stack(batches)
