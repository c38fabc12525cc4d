# Right: jax.vmap with explicit in_axes/out_axes, inside jax.jit
def augment_batch(images, key):
    keys = jax.random.split(key, len(images))
    return jax.jit(jax.vmap(augment, in_axes=(0, 0), out_axes=0))(images, keys)
