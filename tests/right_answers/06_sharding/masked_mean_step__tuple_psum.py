# Right: psum of a (sum, count) tuple, sum with where=mask, float32 count, no final astype
def masked_mean_step(block, mask):
    total, count = lax.psum((jnp.sum(block, where=mask), jnp.sum(mask, dtype=jnp.float32)), axis_name="devices")
    return total / count
