# Wrong: one uniform number picks every example's partner (the k-th allowed one), so examples of a class share it
# Says: independently
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_u = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    allowed = labels[:, None] != labels[None, :]
    count = allowed.sum(axis=1)
    k = jnp.floor(jax.random.uniform(k_u) * count).astype(jnp.int32)  # the k-th allowed example of each row
    partner = jnp.argmax(jnp.cumsum(allowed, axis=1) > k[:, None], axis=1)
    partner = jnp.where(count > 0, partner, jnp.arange(n))
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]
