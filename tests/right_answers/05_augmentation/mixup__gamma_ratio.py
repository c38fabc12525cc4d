# Right: lam as a ratio of two Gamma(alpha) draws, the partner as the allowed example with the smallest uniform number
def mixup(images, labels, key, alpha, num_classes):
    k_a, k_b, k_u = jax.random.split(key, 3)
    n = images.shape[0]
    a, b = jax.random.gamma(k_a, alpha, (n,)), jax.random.gamma(k_b, alpha, (n,))
    lam = a / (a + b)  # Beta(alpha, alpha)
    allowed = labels[:, None] != labels[None, :]
    u = jax.random.uniform(k_u, (n, n))
    partner = jnp.argmin(jnp.where(allowed, u, 2.0), axis=1)  # the smallest of iid uniforms: uniform among allowed
    partner = jnp.where(allowed.any(axis=1), partner, jnp.arange(n))
    y = (labels[:, None] == jnp.arange(num_classes)).astype(jnp.float32)
    x = images.astype(jnp.float32)
    mixed = jnp.einsum("i,i...->i...", lam, x) + jnp.einsum("i,i...->i...", 1 - lam, x[partner])
    return mixed, lam[:, None] * y + (1 - lam)[:, None] * y[partner]
