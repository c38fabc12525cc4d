# Wrong: converts each leaf with np.asarray, which waits by copying the array to the host
# Says: copied values to the host
def block_all(tree):
    for leaf in jax.tree.leaves(tree):
        if hasattr(leaf, "block_until_ready"):
            np.asarray(leaf)
    return tree
