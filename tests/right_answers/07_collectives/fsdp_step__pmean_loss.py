# Right: the lesson's idiom inside: pmean of the block's mean loss, grad through all_gather
LEARNING_RATE = 0.1


def fsdp_step(w_block, x_block, y_block):
    def loss(wb):
        w = lax.all_gather(wb, "devices", tiled=True)
        return lax.pmean(jnp.mean((x_block @ w - y_block) ** 2), "devices")

    return w_block - LEARNING_RATE * jax.grad(loss)(w_block)
