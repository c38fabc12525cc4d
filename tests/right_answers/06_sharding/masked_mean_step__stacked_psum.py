# Right: one psum of a stacked [sum, count] vector, mask applied by multiplying
def masked_mean_step(block, mask):
    local = jnp.stack([jnp.sum(block * mask), jnp.sum(mask).astype(jnp.float32)])
    total, count = lax.psum(local, "devices")
    return total / count
