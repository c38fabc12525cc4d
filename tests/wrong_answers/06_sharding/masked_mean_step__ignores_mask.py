# Wrong: ignores the mask and averages the padding too
# Says: padding
def masked_mean_step(block, mask):
    return lax.pmean(jnp.mean(block), "devices")
