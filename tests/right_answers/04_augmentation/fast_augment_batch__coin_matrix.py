# Right: draws an (n, 3) matrix of coins with nested vmaps and weights it by (1, 2, 4)
def fast_augment_batch(images, key):
    keys = jax.random.split(key, images.shape[0])
    subkeys = jax.vmap(lambda k: jax.random.split(k, 3))(keys)  # (n, 3) keys: k_rot, k_lr, k_ud
    coins = jax.vmap(jax.vmap(jax.random.bernoulli))(subkeys).astype(jnp.int32)
    ts = (coins * jnp.array([1, 2, 4], dtype=jnp.int32)).sum(axis=1)
    return jax.vmap(dihedral)(images, ts)
