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
