# Wrong: draws one class per batch and every index from it, so the classes of a batch are tied
# Says: independently
def balanced_batch(labels, key, batch_size, num_classes):
    k_class, k_index = jax.random.split(key)
    c = jax.random.randint(k_class, (), 0, num_classes)
    p = (labels == c).astype(jnp.float32)
    return jax.random.choice(k_index, labels.shape[0], (batch_size,), p=p / p.sum()).astype(jnp.int32)
