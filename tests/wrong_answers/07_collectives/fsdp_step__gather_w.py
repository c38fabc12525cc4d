# Wrong: the usual FSDP step, all_gather of w and a gradient through it (a reduce-scatter), on a ring without such links
# Says: ring neighbours, all_gather
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    count = y_block.shape[0] * lax.axis_size("devices")

    def my_share(wb):
        w = lax.all_gather(wb, "devices", tiled=True)
        return jnp.sum((x_block @ w - y_block) ** 2) / count

    return w_block - LEARNING_RATE * jax.grad(my_share)(w_block)
