# Right: lax.fori_loop fills an array of raw key data (the chain), then vmap brightens every image
def brighten_batch(images, key):
    n = images.shape[0]

    def body(i, state):
        key, table = state
        key, k_img = jax.random.split(key)
        return key, table.at[i].set(jax.random.key_data(k_img))

    table = jnp.zeros((n, *jax.random.key_data(key).shape), jax.random.key_data(key).dtype)
    _, table = lax.fori_loop(0, n, body, (key, table))

    def brighten(img, raw):
        shift = jax.random.randint(jax.random.wrap_key_data(raw), (), -40, 41)
        return jnp.clip(img.astype(jnp.int32) + shift, 0, 255).astype(jnp.uint8)

    return jax.vmap(brighten)(images, table)
