# Wrong: draws one lam for the whole batch instead of one per example
# Says: one weight
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_order = jax.random.split(key)
    lam = jax.random.beta(k_lam, alpha, alpha)
    partner = jax.random.permutation(k_order, images.shape[0])
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    return lam * x + (1 - lam) * x[partner], lam * y + (1 - lam) * y[partner]
