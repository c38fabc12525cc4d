# Right: the keys from a scan, then vmap over images and keys; clips in float32 (exact for these integers)
def brighten_batch(images, key):
    def step(key, _):
        return tuple(jax.random.split(key))

    _, keys = lax.scan(step, key, length=images.shape[0])

    def brighten(img, k):
        shift = jax.random.randint(k, (), -40, 41).astype(jnp.float32)
        return jnp.clip(img.astype(jnp.float32) + shift, 0.0, 255.0).astype(jnp.uint8)

    return jax.vmap(brighten)(images, keys)
