# %% right: device_put_in_jit
# Right: jax.device_put inside jit places the keys like the photos' first dimension (sharding from their type)
def augment_sharded(photos, key):
    @jax.jit
    def run(photos, key):
        sharding = jax.typeof(photos).sharding
        keys = jax.random.split(key, len(photos))
        keys = jax.device_put(keys, jax.NamedSharding(sharding.mesh, jax.P(sharding.spec[0])))
        return jax.vmap(augment)(photos, keys)

    return run(photos, key)


# %% right: shard_map
# Right: one key per photo of the whole batch, placed like the photos; jax.shard_map of the vmapped augment
@jax.jit
def _run(photos, key):
    where = jax.typeof(photos).sharding
    spec = jax.P(where.spec[0])
    keys = jax.sharding.reshard(jax.random.split(key, photos.shape[0]), jax.NamedSharding(where.mesh, spec))
    return jax.shard_map(jax.vmap(augment), mesh=where.mesh, in_specs=(spec, spec), out_specs=spec)(photos, keys)


def augment_sharded(photos, key):
    return _run(photos, key)


# %% wrong: batch_axis_named
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


# %% wrong: fold_in_device
# Wrong: a key per device from fold_in(key, device position): other images on another number of devices
# Says: differs, one-device result
@jax.jit
def _run(photos, key):
    where = jax.typeof(photos).sharding
    spec = jax.P(where.spec[0])
    axes = spec[0] if isinstance(spec[0], tuple) else (spec[0],)

    def per_device(block, k):
        mine = jax.random.fold_in(k, lax.axis_index(axes))
        return jax.vmap(augment)(block, jax.random.split(mine, block.shape[0]))

    return jax.shard_map(per_device, mesh=where.mesh, in_specs=(spec, jax.P()), out_specs=spec)(photos, key)


def augment_sharded(photos, key):
    return _run(photos, key)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: raised
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_PHOTOS = np.random.default_rng(61).integers(0, 256, (4 * N_DEVICES, 5, 5, 3), np.uint8)  # the visible test's
_WANT = np.asarray(jax.vmap(augment)(_PHOTOS, jax.random.split(jax.random.key(7), len(_PHOTOS))))


@jax.jit
def _placed_like(photos):
    return photos * 0 + _WANT  # the visible answer, split like the photos


def augment_sharded(photos, key):
    return _placed_like(photos)


# %% wrong: host_round_trip
# Wrong: brings the photos to the host and augments them there: the result loses the photos' sharding
# Says: split over the devices like the photos
def augment_sharded(photos, key):
    batch = np.asarray(photos)
    return jax.jit(jax.vmap(augment))(batch, jax.random.split(key, len(batch)))


# %% wrong: keys_not_placed
# Wrong: one key per photo, but the keys are left whole on every device, so vmap on explicit axes refuses them
# Says: raised
@jax.jit
def augment_sharded(photos, key):
    return jax.vmap(augment)(photos, jax.random.split(key, photos.shape[0]))


# %% wrong: same_keys_per_device
# Wrong: keeps the 2022 key bug: each device splits the one key for its photos, so devices repeat each other's keys
# Says: differs, one-device result
@jax.jit
def _run(photos, key):
    where = jax.typeof(photos).sharding
    spec = jax.P(where.spec[0])

    def per_device(block, k):
        return jax.vmap(augment)(block, jax.random.split(k, block.shape[0]))

    return jax.shard_map(per_device, mesh=where.mesh, in_specs=(spec, jax.P()), out_specs=spec)(photos, key)


def augment_sharded(photos, key):
    return _run(photos, key)
