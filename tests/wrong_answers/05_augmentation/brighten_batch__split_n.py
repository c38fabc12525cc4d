# Wrong: one key per image from jax.random.split(key, n): fast, but not the loop's keys, so other shifts
# Says: same key, same shift
def brighten_batch(images, key):
    def brighten(img, k_img):
        shift = jax.random.randint(k_img, (), -40, 41)
        return jnp.clip(img.astype(jnp.int32) + shift, 0, 255).astype(jnp.uint8)

    return jax.vmap(brighten)(images, jax.random.split(key, images.shape[0]))
