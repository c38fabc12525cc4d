# Wrong: gives index j the class j % num_classes and draws the image within it: balanced, but not independent
# Says: independently
def balanced_batch(labels, key, batch_size, num_classes):
    def one(k, j):
        p = (labels == j % num_classes).astype(jnp.float32)
        return jax.random.choice(k, labels.shape[0], p=p / p.sum())

    return jax.vmap(one)(jax.random.split(key, batch_size), jnp.arange(batch_size)).astype(jnp.int32)
