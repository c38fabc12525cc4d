# Wrong: the visible outputs hard-coded
# Says: raised
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
def reshard_rows_to_columns(block):
    k = lax.axis_size("devices")
    rng = np.random.default_rng(521)  # the visible test's matrices, on 2 devices and on all of them
    visible = {m: rng.integers(-99, 99, size=(2 * m, 3 * m)).astype(np.float32)
               for m in sorted({min(2, N_DEVICES), N_DEVICES})}
    a = jnp.asarray(visible.get(k, np.zeros((block.shape[0] * k, block.shape[1]), np.float32)))
    width = a.shape[1] // k
    piece = lax.dynamic_slice_in_dim(a, lax.axis_index("devices") * width, width, axis=1)
    moved = lax.all_to_all(block, "devices", 1, 0, tiled=True)  # only so that the jaxpr holds one all_to_all
    return (piece + 0 * moved).astype(block.dtype)
