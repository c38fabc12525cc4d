# Right: no autodiff: the blocks of w go round the ring to the right, then gradient partial sums go round it again
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n, d, m = lax.axis_size("devices"), lax.axis_index("devices"), w_block.shape[0]
    right = [(i, (i + 1) % n) for i in range(n)]
    columns = x_block.reshape(x_block.shape[0], n, m)
    prediction, held = columns[:, d] @ w_block, w_block
    for s in range(1, n):
        held = lax.ppermute(held, "devices", right)
        prediction = prediction + columns[:, (d - s) % n] @ held
    residual = 2 * (prediction - y_block) / (y_block.shape[0] * n)
    # the partial sum for block j starts on device j + 1, travels right, and ends on device j
    partial = columns[:, (d - 1) % n].T @ residual
    for s in range(1, n):
        partial = lax.ppermute(partial, "devices", right) + columns[:, (d - 1 - s) % n].T @ residual
    return w_block - LEARNING_RATE * partial
