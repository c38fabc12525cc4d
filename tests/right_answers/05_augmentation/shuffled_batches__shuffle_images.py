# Right: jax.random.permutation of the images themselves (same key, same order as permuting the indices)
def shuffled_batches(images, key, batch_size):
    n_batches = images.shape[0] // batch_size
    shuffled = jax.random.permutation(key, images, axis=0)
    return shuffled[: n_batches * batch_size].reshape(n_batches, batch_size, *images.shape[1:])
