# Wrong: draws one lam for the whole batch instead of one per example
# Says: one weight
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_partner = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha)
    allowed = labels[:, None] != labels[None, :]
    drawn = jax.random.categorical(k_partner, jnp.where(allowed, 0.0, -jnp.inf), axis=1)
    partner = jnp.where(allowed.any(axis=1), drawn, jnp.arange(n))
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    return lam * x + (1 - lam) * x[partner], lam * y + (1 - lam) * y[partner]
