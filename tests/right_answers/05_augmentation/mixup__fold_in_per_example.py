# Right: keys from jax.random.fold_in (partners first), one Beta draw per example under jax.vmap, partners by argsort
def mixup(images, labels, key, alpha, num_classes):
    n = images.shape[0]
    order = jnp.argsort(jax.random.uniform(jax.random.fold_in(key, 0), (n,)))
    lam_keys = jax.random.split(jax.random.fold_in(key, 1), n)
    lam = jax.vmap(lambda k: jax.random.beta(k, alpha, alpha))(lam_keys)
    x = images.astype(jnp.float32)
    y = jax.nn.one_hot(labels, num_classes, dtype=jnp.float32)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[order], lam[:, None] * y + (1 - lam[:, None]) * y[order]
