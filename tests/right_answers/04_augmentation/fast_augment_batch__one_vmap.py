# Right: one vmap over (image, key) pairs that draws the coins and applies dihedral in the same function
def fast_augment_batch(images, key):
    def one(img, k):
        k_rot, k_lr, k_ud = jax.random.split(k, 3)
        t = (jnp.where(jax.random.bernoulli(k_rot), 1, 0) + jnp.where(jax.random.bernoulli(k_lr), 2, 0)
             + jnp.where(jax.random.bernoulli(k_ud), 4, 0))
        return dihedral(img, t)

    return jax.jit(jax.vmap(one))(images, jax.random.split(key, len(images)))
