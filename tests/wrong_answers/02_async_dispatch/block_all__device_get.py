# Wrong: copies the whole tree to the host with jax.device_get (it waits, but copies every array) instead of waiting
# Says: copied values to the host
def block_all(tree):
    jax.device_get(tree)
    return tree
