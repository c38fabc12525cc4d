# Wrong: deals the order out like cards (batch b gets order[b], order[b + n_batches], ...) instead of cutting it
# Says: batch b, order
def shuffled_batches(images, key, batch_size):
    n_batches = images.shape[0] // batch_size
    order = jax.random.permutation(key, images.shape[0])[: n_batches * batch_size]
    return images[order].reshape(batch_size, n_batches, *images.shape[1:]).swapaxes(0, 1)
