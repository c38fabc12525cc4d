# Wrong: returns the whole updated weight vector on every device instead of this device's block
# Says: block
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n = lax.axis_size("devices")
    w = lax.all_gather(w_block, "devices", tiled=True)
    grad = jax.grad(lambda w: jnp.sum((x_block @ w - y_block) ** 2) / (n * y_block.shape[0]))(w)
    return w - LEARNING_RATE * lax.psum(grad, "devices")
