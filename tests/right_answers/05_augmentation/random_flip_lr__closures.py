# Right: lax.cond with branches that close over the image (no operands) and lax.rev for the mirror
def random_flip_lr(img, key):
    coin = jax.random.bernoulli(key)
    return lax.cond(coin, lambda: lax.rev(img, (1,)), lambda: img)
