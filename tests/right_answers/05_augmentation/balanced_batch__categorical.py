# Right: jax.random.categorical with logits -log(count of the image's class), counts by comparison
def balanced_batch(labels, key, batch_size, num_classes):
    count = jnp.sum(labels[:, None] == jnp.arange(num_classes), axis=0)
    logits = -jnp.log(count[labels].astype(jnp.float32))
    return jax.random.categorical(key, logits, shape=(batch_size,)).astype(jnp.int32)
