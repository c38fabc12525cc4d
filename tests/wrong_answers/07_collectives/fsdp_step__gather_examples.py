# Wrong: gathers the whole batch x and y everywhere (all_gather), then divides the reduce-scattered gradient by n
# Says: gather only w, all_gather
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n = lax.axis_size("devices")
    x = lax.all_gather(x_block, "devices", tiled=True)
    y = lax.all_gather(y_block, "devices", tiled=True)

    def loss(wb):
        w = lax.all_gather(wb, "devices", tiled=True)
        return jnp.mean((x @ w - y) ** 2) / n

    return w_block - LEARNING_RATE * jax.grad(loss)(w_block)
