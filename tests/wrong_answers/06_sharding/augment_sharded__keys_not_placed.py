# Wrong: one key per photo, but the keys are left whole on every device, so vmap on explicit axes refuses them
# Says: raised
@jax.jit
def augment_sharded(photos, key):
    return jax.vmap(augment)(photos, jax.random.split(key, photos.shape[0]))
