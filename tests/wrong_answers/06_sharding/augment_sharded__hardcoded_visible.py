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
