# Wrong: returns the mixed images as uint8, rounding every blend down
# Says: float32
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_order = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    partner = jax.random.permutation(k_order, n)
    y = jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    mixed = (w * images + (1 - w) * images[partner]).astype(jnp.uint8)
    return mixed, lam[:, None] * y + (1 - lam[:, None]) * y[partner]
