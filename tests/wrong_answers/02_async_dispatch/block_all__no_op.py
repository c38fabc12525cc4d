# Wrong: returns the tree without waiting for anything (the hole: a readiness check that raced the device let it pass)
# Says: waited on [], not on all
def block_all(tree):
    return tree
