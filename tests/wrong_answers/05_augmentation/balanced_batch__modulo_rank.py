# Wrong: a uniform class, then a number below n modulo the class size (some images twice as likely)
# Says: equally
# Caught: hidden (the visible cell's counts cannot tell a 4:3 bias from chance)
def balanced_batch(labels, key, batch_size, num_classes):
    k1, k2 = jax.random.split(key)
    c = jax.random.randint(k1, (batch_size,), 0, num_classes)
    order = jnp.argsort(labels, stable=True)
    count = jnp.zeros(num_classes, jnp.int32).at[labels].add(1)
    start = jnp.cumsum(count) - count
    j = jax.random.randint(k2, (batch_size,), 0, labels.shape[0]) % count[c]
    return order[start[c] + j].astype(jnp.int32)
