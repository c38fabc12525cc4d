# Wrong: delegates to jax.block_until_ready under another name instead of walking the leaves
# Says: walk the leaves itself, jax.block_until_ready
from jax import block_until_ready as wait_for


def block_all(tree):
    wait_for(tree)
    return tree
