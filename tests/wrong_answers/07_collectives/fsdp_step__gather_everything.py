# Wrong: gathers w, x and y everywhere (all_gather), takes the whole one-device step, keeps its block: no reduce-scatter
# Says: reduce-scatter
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    w = lax.all_gather(w_block, "devices", tiled=True)
    x = lax.all_gather(x_block, "devices", tiled=True)
    y = lax.all_gather(y_block, "devices", tiled=True)
    new_w = w - LEARNING_RATE * jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    size = w_block.shape[0]
    return lax.dynamic_slice_in_dim(new_w, lax.axis_index("devices") * size, size)
