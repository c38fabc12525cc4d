# Right: lam as a ratio of two Gamma(alpha) draws, the order from argsort of uniform numbers, one-hot by comparison
def mixup(images, labels, key, alpha, num_classes):
    k_a, k_b, k_order = jax.random.split(key, 3)
    n = images.shape[0]
    a, b = jax.random.gamma(k_a, alpha, (n,)), jax.random.gamma(k_b, alpha, (n,))
    lam = a / (a + b)  # Beta(alpha, alpha)
    order = jnp.argsort(jax.random.uniform(k_order, (n,)))
    y = (labels[:, None] == jnp.arange(num_classes)).astype(jnp.float32)
    x = images.astype(jnp.float32)
    mixed = jnp.einsum("i,i...->i...", lam, x) + jnp.einsum("i,i...->i...", 1 - lam, x[order])
    return mixed, lam[:, None] * y + (1 - lam)[:, None] * y[order]
