# Wrong: psums the whole gradient and slices its block; a psum_scatter beside it has its result thrown away
# Says: reduce-scatter, summed gradient
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n = lax.axis_size("devices")
    w = lax.all_gather(w_block, "devices", tiled=True)
    grad = jax.grad(lambda w: jnp.sum((x_block @ w - y_block) ** 2) / (n * y_block.shape[0]))(w)
    lax.psum_scatter(grad, "devices", tiled=True)  # looks like a reduce-scatter, but nothing uses it
    whole = lax.psum(grad, "devices")
    size = w_block.shape[0]
    return w_block - LEARNING_RATE * lax.dynamic_slice_in_dim(whole, lax.axis_index("devices") * size, size)
