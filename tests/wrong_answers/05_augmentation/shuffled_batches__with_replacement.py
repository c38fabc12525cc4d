# Wrong: draws image indices with replacement (jax.random.choice), so an image can come twice and another never
# Says: twice
def shuffled_batches(images, key, batch_size):
    n_batches = images.shape[0] // batch_size
    order = jax.random.choice(key, images.shape[0], (n_batches * batch_size,), replace=True)
    return images[order].reshape(n_batches, batch_size, *images.shape[1:])
