# Wrong: never shuffles: the first n // batch_size * batch_size images, in their own order, whatever the key
# Says: key
def shuffled_batches(images, key, batch_size):
    n_batches = images.shape[0] // batch_size
    return images[: n_batches * batch_size].reshape(n_batches, batch_size, *images.shape[1:])
