# Wrong: draws lam uniformly from [0, 1) instead of from Beta(alpha, alpha)
# Says: Beta
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_partner = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.uniform(k_lam, (n,))
    allowed = labels[:, None] != labels[None, :]
    drawn = jax.random.categorical(k_partner, jnp.where(allowed, 0.0, -jnp.inf), axis=1)
    partner = jnp.where(allowed.any(axis=1), drawn, jnp.arange(n))
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]
