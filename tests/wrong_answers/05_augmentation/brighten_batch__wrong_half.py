# Wrong: scans the chain but keeps the first half of each split (the carried key), not the image's key
# Says: same key, same shift
def brighten_batch(images, key):
    def next_key(key, _):
        key, k_img = jax.random.split(key)
        return key, key

    _, keys = lax.scan(next_key, key, None, length=images.shape[0])

    def brighten(img, k_img):
        shift = jax.random.randint(k_img, (), -40, 41)
        return jnp.clip(img.astype(jnp.int32) + shift, 0, 255).astype(jnp.uint8)

    return jax.vmap(brighten)(images, keys)
