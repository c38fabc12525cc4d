# Wrong: draws among the examples of other classes with no case for a batch of one class (all logits -inf)
# Says: own partner
# Caught: hidden (the visible batch has three classes; only a batch of one class shows it)
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_partner = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    allowed = labels[:, None] != labels[None, :]
    partner = jax.random.categorical(k_partner, jnp.where(allowed, 0.0, -jnp.inf), axis=1)
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]
