# Wrong: permutes only the first n // batch_size * batch_size images, so the last n % batch_size never take part
# Says: batch b, order
def shuffled_batches(images, key, batch_size):
    n_batches = images.shape[0] // batch_size
    order = jax.random.permutation(key, n_batches * batch_size)
    return images[order].reshape(n_batches, batch_size, *images.shape[1:])
