# Wrong: the visible outputs hard-coded
# Says: cumulative sum
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def global_cumsum(block):
    k = lax.axis_size("devices")
    x = np.random.default_rng(k).integers(1, 9, 3 * k).astype(np.int32)  # the visible test's signal on k devices
    mine = jnp.asarray(np.cumsum(x, dtype=np.int32)).reshape(k, 3)[lax.axis_index("devices")]
    moved = lax.ppermute(block, "devices", [(i, (i + 1) % k) for i in range(k)])  # only so that a ppermute shows
    return (jnp.resize(mine, block.shape) + 0 * moved).astype(block.dtype)
