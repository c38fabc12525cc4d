# Wrong: applies dihedral image by image in a Python loop (unrolled: the jaxpr grows with the batch), not with jax.vmap
def fast_augment_batch(images, key):
    def transform_number(k):
        k_rot, k_lr, k_ud = jax.random.split(k, 3)
        rot, lr, ud = (jax.random.bernoulli(s).astype(jnp.int32) for s in (k_rot, k_lr, k_ud))
        return rot + 2 * lr + 4 * ud

    keys = jax.random.split(key, images.shape[0])
    return jnp.stack([dihedral(images[i], transform_number(keys[i])) for i in range(images.shape[0])])
