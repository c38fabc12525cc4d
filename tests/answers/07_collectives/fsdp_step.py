# %% right: manual_ring
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


# %% right: ring_gather
# Right: gathers the whole w by n - 1 shifts to the right neighbour, then a gradient of the mean's share through it
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n, d = lax.axis_size("devices"), lax.axis_index("devices")

    def my_share(wb):
        held, blocks = wb, [wb]
        for _ in range(1, n):
            held = lax.ppermute(held, "devices", [(i, (i + 1) % n) for i in range(n)])
            blocks.append(held)  # blocks[s]: the block of device d - s
        w = jnp.stack(blocks)[(d - jnp.arange(n)) % n].reshape(-1)
        return jnp.sum((x_block @ w - y_block) ** 2) / (y_block.shape[0] * n)

    return w_block - LEARNING_RATE * jax.grad(my_share)(w_block)


# %% wrong: direct_shifts
# Wrong: gathers w by ppermute shifts by 1, 2, ..., n - 1 places: device d sends straight to d + s, not to a neighbour
# Says: ring neighbours, ppermute
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n, d, m = lax.axis_size("devices"), lax.axis_index("devices"), w_block.shape[0]
    count = y_block.shape[0] * n
    columns = x_block.reshape(x_block.shape[0], n, m)

    def my_share(wb):
        prediction = columns[:, d] @ wb
        for s in range(1, n):  # the block of device d - s, straight from it
            held = lax.ppermute(wb, "devices", [(i, (i + s) % n) for i in range(n)])
            prediction = prediction + columns[:, (d - s) % n] @ held
        return jnp.sum((prediction - y_block) ** 2) / count

    return w_block - LEARNING_RATE * jax.grad(my_share)(w_block)


# %% wrong: gather_w
# Wrong: the usual FSDP step, all_gather of w and a gradient through it (a reduce-scatter), on a ring without such links
# Says: ring neighbours, all_gather
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    count = y_block.shape[0] * lax.axis_size("devices")

    def my_share(wb):
        w = lax.all_gather(wb, "devices", tiled=True)
        return jnp.sum((x_block @ w - y_block) ** 2) / count

    return w_block - LEARNING_RATE * jax.grad(my_share)(w_block)


# %% wrong: hardcoded_visible
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


# %% wrong: local_mean
# Wrong: the ring is right, but the loss is the mean over this device's block: the summed gradient is n times too large
# Says: n times
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n, d, m = lax.axis_size("devices"), lax.axis_index("devices"), w_block.shape[0]
    columns = x_block.reshape(x_block.shape[0], n, m)

    def my_loss(wb):
        prediction, held = columns[:, d] @ wb, wb
        for s in range(1, n):
            held = lax.ppermute(held, "devices", [(i, (i + 1) % n) for i in range(n)])
            prediction = prediction + columns[:, (d - s) % n] @ held
        return jnp.mean((prediction - y_block) ** 2)

    return w_block - LEARNING_RATE * jax.grad(my_loss)(w_block)


# %% wrong: own_examples
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


# %% wrong: whole_w
# Wrong: builds the whole updated w from ring shifts and returns all of it on every device, not this device's block
# Says: block
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n, d = lax.axis_size("devices"), lax.axis_index("devices")
    count = y_block.shape[0] * n

    def whole(wb):  # every block of w, in order, passed round the ring
        held, blocks = wb, [wb]
        for _ in range(1, n):
            held = lax.ppermute(held, "devices", [(i, (i + 1) % n) for i in range(n)])
            blocks.append(held)  # blocks[s]: the block of device d - s
        return jnp.stack(blocks)[(d - jnp.arange(n)) % n].reshape(-1)

    def my_share(wb):
        return jnp.sum((x_block @ whole(wb) - y_block) ** 2) / count

    return whole(w_block) - LEARNING_RATE * whole(jax.grad(my_share)(w_block))
