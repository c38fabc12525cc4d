# Wrong: the loss is the mean over this device's block, so the summed gradient is n times too large
# Says: n times
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    def loss(wb):
        w = lax.all_gather(wb, "devices", tiled=True)
        return jnp.mean((x_block @ w - y_block) ** 2)

    return w_block - LEARNING_RATE * jax.grad(loss)(w_block)
