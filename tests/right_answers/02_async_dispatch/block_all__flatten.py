# Right: flattens with jax.tree_util.tree_flatten and filters the leaves with a comprehension
def block_all(tree):
    leaves, _ = jax.tree_util.tree_flatten(tree)
    for leaf in [x for x in leaves if hasattr(x, "block_until_ready")]:
        leaf.block_until_ready()
    return tree
