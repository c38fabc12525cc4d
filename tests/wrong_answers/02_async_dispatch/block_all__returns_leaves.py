# Wrong: waits on every leaf but returns the list of leaves instead of the tree
# Says: return the tree it was given
def block_all(tree):
    leaves = jax.tree.leaves(tree)
    for leaf in leaves:
        if hasattr(leaf, "block_until_ready"):
            leaf.block_until_ready()
    return leaves
