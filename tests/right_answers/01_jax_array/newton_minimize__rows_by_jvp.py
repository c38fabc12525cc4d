# Right: flattens the pytree by hand (leaves, concatenate, split, unflatten) and builds the Hessian row by row as
# directional derivatives of the gradient (jax.jvp along each unit vector)
def newton_minimize(f, params0, steps):
    leaves, treedef = jax.tree.flatten(params0)
    shapes = [jnp.shape(leaf) for leaf in leaves]
    cuts = np.cumsum([int(np.prod(s)) for s in shapes])[:-1]

    def unflatten(x):
        return jax.tree.unflatten(treedef, [p.reshape(s) for p, s in zip(jnp.split(x, cuts), shapes, strict=True)])

    x = jnp.concatenate([jnp.ravel(leaf) for leaf in leaves])
    gradient = jax.grad(lambda x: f(unflatten(x)))
    eye = jnp.eye(x.shape[0], dtype=x.dtype)
    for _ in range(steps):
        hessian = jax.vmap(lambda e, x=x: jax.jvp(gradient, (x,), (e,))[1])(eye)
        x = x - jnp.linalg.solve(hessian, gradient(x))
    return unflatten(x)
