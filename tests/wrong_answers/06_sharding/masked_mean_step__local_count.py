# Wrong: sums the values over all devices but divides by this device's count only
# Says: count
def masked_mean_step(block, mask):
    total = lax.psum(jnp.sum(jnp.where(mask, block, 0.0)), "devices")
    return total / jnp.sum(mask)
