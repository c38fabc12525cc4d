# Wrong: pmean where psum is needed for the total, so the result is too small by the device count
# Says: psum, pmean
def masked_mean_step(block, mask):
    total = lax.pmean(jnp.sum(jnp.where(mask, block, 0.0)), "devices")
    count = lax.psum(jnp.sum(mask), "devices")
    return total / count
