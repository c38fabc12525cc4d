# Wrong: the loss is the mean over this device's block, so the summed gradient is n times too large
# Says: n times
def fsdp_step(w_block, x_block, y_block):
    def loss(wb):
        w = lax.all_gather(wb, "devices", tiled=True)
        return jnp.mean((x_block @ w - y_block) ** 2)

    return w_block - 0.1 * jax.grad(loss)(w_block)
