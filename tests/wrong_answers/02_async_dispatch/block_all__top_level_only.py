# Wrong: looks only at the top level of the container and misses nested leaves
# Says: waited on, not on all
def block_all(tree):
    values = tree.values() if isinstance(tree, dict) else tree
    for value in values:
        if hasattr(value, "block_until_ready"):
            value.block_until_ready()
    return tree
