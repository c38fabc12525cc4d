# Wrong: psums the whole gradient and slices its block; a psum_scatter is added times zero, so it changes nothing
# Says: reduce-scatter
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    n = lax.axis_size("devices")
    w = lax.all_gather(w_block, "devices", tiled=True)
    grad = jax.grad(lambda w: jnp.sum((x_block @ w - y_block) ** 2) / (n * y_block.shape[0]))(w)
    whole = lax.psum(grad, "devices")
    size = w_block.shape[0]
    mine = lax.dynamic_slice_in_dim(whole, lax.axis_index("devices") * size, size)
    return w_block - LEARNING_RATE * mine + 0 * lax.psum_scatter(grad, "devices", tiled=True)
