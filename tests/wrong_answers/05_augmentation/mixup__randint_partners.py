# Wrong: draws every partner with jax.random.randint, so two examples may share a partner
# Says: same partner, permutation
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_order = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    partner = jax.random.randint(k_order, (n,), 0, n)
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]
