# Wrong: mixes every example with the batch reversed, the same partners for every key
# Says: partners, key
def mixup(images, labels, key, alpha, num_classes):
    lam = jax.random.beta(key, alpha, alpha, (images.shape[0],))
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[::-1], lam[:, None] * y + (1 - lam[:, None]) * y[::-1]
