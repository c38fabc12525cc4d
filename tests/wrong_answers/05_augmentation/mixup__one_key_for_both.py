# Wrong: draws the weights with jax.random.beta and the partners with jax.random.categorical from the same key
# Says: key, reused
def mixup(images, labels, key, alpha, num_classes):
    n = images.shape[0]
    lam = jax.random.beta(key, alpha, alpha, (n,))
    allowed = labels[:, None] != labels[None, :]
    drawn = jax.random.categorical(key, jnp.where(allowed, 0.0, -jnp.inf), axis=1)
    partner = jnp.where(allowed.any(axis=1), drawn, jnp.arange(n))
    x = images.astype(jnp.float32)
    y = jax.nn.one_hot(labels, num_classes, dtype=jnp.float32)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]
