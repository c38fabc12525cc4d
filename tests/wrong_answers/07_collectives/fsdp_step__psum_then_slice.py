# Wrong: psums the whole gradient to every device and slices its block, instead of a reduce-scatter
# Says: reduce-scatter
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n = lax.axis_size("devices")
    w = lax.all_gather(w_block, "devices", tiled=True)
    grad = jax.grad(lambda w: jnp.sum((x_block @ w - y_block) ** 2) / (n * y_block.shape[0]))(w)
    whole = lax.psum(grad, "devices")
    size = w_block.shape[0]
    return w_block - LEARNING_RATE * lax.dynamic_slice_in_dim(whole, lax.axis_index("devices") * size, size)
