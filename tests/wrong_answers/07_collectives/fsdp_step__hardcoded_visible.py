# Wrong: the visible outputs hard-coded
# Says: differs, one-device step
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n = N_DEVICES
    rng = np.random.default_rng(541)  # the visible test's w, x and y
    W, X, Y = (rng.normal(size=s).astype(np.float32) for s in (2 * n, (4 * n, 2 * n), 4 * n))
    want = (W - LEARNING_RATE * (2 / len(Y)) * X.T @ (X @ W - Y)).reshape(n, -1)
    return jnp.resize(jnp.asarray(want)[lax.axis_index("devices")], w_block.shape)  # no message at all
