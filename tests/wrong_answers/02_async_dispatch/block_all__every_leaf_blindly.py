# Wrong: calls block_until_ready on every leaf, numbers and strings included
# Says: skip leaves without block_until_ready
def block_all(tree):
    for leaf in jax.tree.leaves(tree):
        leaf.block_until_ready()
    return tree
