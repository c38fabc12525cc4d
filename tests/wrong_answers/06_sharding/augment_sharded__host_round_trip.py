# Wrong: brings the photos to the host and augments them there: the result loses the photos' sharding
# Says: split over the devices like the photos
def augment_sharded(photos, key):
    batch = np.asarray(photos)
    return jax.jit(jax.vmap(augment))(batch, jax.random.split(key, len(batch)))
