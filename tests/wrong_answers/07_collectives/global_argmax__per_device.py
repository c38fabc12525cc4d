# Wrong: each device returns the position of its own block's largest value, so the devices disagree
# Says: same value
def global_argmax(block):
    return (lax.axis_index("devices") * block.shape[0] + jnp.argmax(block)).astype(jnp.int32)
