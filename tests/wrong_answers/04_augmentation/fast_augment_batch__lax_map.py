# Wrong: applies dihedral one image after another with lax.map (a scan), not in one vmapped pass
def fast_augment_batch(images, key):
    def transform_number(k):
        k_rot, k_lr, k_ud = jax.random.split(k, 3)
        rot, lr, ud = (jax.random.bernoulli(s).astype(jnp.int32) for s in (k_rot, k_lr, k_ud))
        return rot + 2 * lr + 4 * ud

    ts = jax.vmap(transform_number)(jax.random.split(key, images.shape[0]))
    return lax.map(lambda pair: dihedral(*pair), (images, ts))
