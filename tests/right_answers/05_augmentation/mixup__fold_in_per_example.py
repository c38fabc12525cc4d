# Right: keys from jax.random.fold_in, one Beta draw and one jax.random.choice with p per example under jax.vmap
def mixup(images, labels, key, alpha, num_classes):
    n = images.shape[0]

    def one(i):  # example i: its weight and its partner
        k_lam, k_partner = jax.random.fold_in(key, 2 * i), jax.random.fold_in(key, 2 * i + 1)
        allowed = labels != labels[i]
        p = jnp.where(allowed.any(), allowed / jnp.maximum(allowed.sum(), 1), jnp.arange(n) == i)
        return jax.random.beta(k_lam, alpha, alpha), jax.random.choice(k_partner, n, p=p)

    lam, partner = jax.vmap(one)(jnp.arange(n))
    x = images.astype(jnp.float32)
    y = jax.nn.one_hot(labels, num_classes, dtype=jnp.float32)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]
