# Wrong: draws one index with the key and repeats it batch_size times
# Says: independently
def balanced_batch(labels, key, batch_size, num_classes):
    count = jnp.zeros(num_classes).at[labels].add(1)
    p = 1 / count[labels]
    index = jax.random.choice(key, labels.shape[0], (), p=p / p.sum()).astype(jnp.int32)
    return jnp.full((batch_size,), index)
