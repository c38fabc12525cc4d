# Wrong: a Newton step for each leaf on its own (its own block of the Hessian), which leaves out the second
# derivatives between entries of two different leaves
# Says: blocks between
def newton_minimize(f, params0, steps):
    params = params0
    for _ in range(steps):
        leaves, treedef = jax.tree.flatten(params)
        new = []
        for i, leaf in enumerate(leaves):
            def f_leaf(v, i=i, shape=leaf.shape, leaves=leaves, treedef=treedef):
                return f(jax.tree.unflatten(treedef, leaves[:i] + [v.reshape(shape)] + leaves[i + 1:]))

            v = leaf.reshape(-1)
            v = v - jnp.linalg.solve(jax.hessian(f_leaf)(v), jax.grad(f_leaf)(v))
            new.append(v.reshape(leaf.shape))
        params = jax.tree.unflatten(treedef, new)
    return params
