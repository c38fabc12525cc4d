# Wrong: shuffles with a NumPy generator: the same order for every key (and a constant under jit)
# Says: key
def shuffled_batches(images, key, batch_size):
    n_batches = images.shape[0] // batch_size
    order = np.random.default_rng(0).permutation(images.shape[0])[: n_batches * batch_size]
    return images[order].reshape(n_batches, batch_size, *images.shape[1:])
