# Wrong: builds t with the bits in the wrong order (4*rot + 2*lr + ud)
def fast_augment_batch(images, key):
    def transform_number(k):
        k_rot, k_lr, k_ud = jax.random.split(k, 3)
        rot, lr, ud = (jax.random.bernoulli(s).astype(jnp.int32) for s in (k_rot, k_lr, k_ud))
        return 4 * rot + 2 * lr + ud

    ts = jax.vmap(transform_number)(jax.random.split(key, images.shape[0]))
    return jax.vmap(dihedral)(images, ts)
