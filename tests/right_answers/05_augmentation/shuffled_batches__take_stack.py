# Right: the order cut into index rows first, then one jnp.take per batch, stacked
def shuffled_batches(images, key, batch_size):
    n_batches = images.shape[0] // batch_size
    order = jax.random.permutation(key, images.shape[0])
    rows = order[: n_batches * batch_size].reshape(n_batches, batch_size)
    return jnp.stack([jnp.take(images, rows[b], axis=0) for b in range(n_batches)])
