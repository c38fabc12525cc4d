# Wrong: places the keys over a mesh axis named "batch", as in the visible test, instead of the photos' own axes
# Says: any mesh
# Caught: hidden (the visible test's meshes have one axis, named batch)
@jax.jit
def _run(photos, key):
    keys = jax.random.split(key, photos.shape[0])
    keys = jax.sharding.reshard(keys, jax.NamedSharding(jax.typeof(photos).sharding.mesh, jax.P("batch")))
    return jax.vmap(augment)(photos, keys)


def augment_sharded(photos, key):
    return _run(photos, key)
