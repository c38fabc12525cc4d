# Right: two stages, a uniform class for every index, then the image of that class with the largest uniform score
def balanced_batch(labels, key, batch_size, num_classes):
    k_class, k_image = jax.random.split(key)
    classes = jax.random.randint(k_class, (batch_size,), 0, num_classes)
    score = jax.random.uniform(k_image, (batch_size, labels.shape[0]))
    return jnp.argmax(jnp.where(labels[None, :] == classes[:, None], score, -1.0), axis=1).astype(jnp.int32)
