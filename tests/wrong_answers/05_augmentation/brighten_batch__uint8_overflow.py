# Wrong: the loop's keys, but adds the shift in uint8, which wraps around instead of clipping at 0 and 255
# Says: int32, clipped
def brighten_batch(images, key):
    def next_key(key, _):
        key, k_img = jax.random.split(key)
        return key, jax.random.randint(k_img, (), -40, 41)

    _, shifts = lax.scan(next_key, key, None, length=images.shape[0])
    return images + shifts.astype(jnp.uint8)[:, None, None, None]
