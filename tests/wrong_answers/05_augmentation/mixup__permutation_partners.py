# Wrong: the classic mixup, partners from a random permutation of the batch, so a partner may be of the same class
# Says: another class
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_order = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    partner = jax.random.permutation(k_order, n)
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]
