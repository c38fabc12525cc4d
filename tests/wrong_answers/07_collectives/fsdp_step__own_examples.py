# Wrong: the ring prediction is right, but block d's gradient uses only this device's examples, not the others'
# Says: one-device step
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n, d, m = lax.axis_size("devices"), lax.axis_index("devices"), w_block.shape[0]
    columns = x_block.reshape(x_block.shape[0], n, m)
    prediction, held = columns[:, d] @ w_block, w_block
    for s in range(1, n):
        held = lax.ppermute(held, "devices", [(i, (i + 1) % n) for i in range(n)])
        prediction = prediction + columns[:, (d - s) % n] @ held
    residual = prediction - y_block
    grad = 2 * columns[:, d].T @ residual / (y_block.shape[0] * n)  # this device's examples only
    return w_block - LEARNING_RATE * grad
