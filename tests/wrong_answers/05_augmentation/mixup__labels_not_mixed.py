# Wrong: mixes the images but returns the labels one-hot, unmixed
# Says: blend, label row
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_order = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    partner = jax.random.permutation(k_order, n)
    x = images.astype(jnp.float32)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], jax.nn.one_hot(labels, num_classes)
