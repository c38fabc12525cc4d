# %% right: hessian_inverse
# Right: jax.hessian of the flattened function and an explicit inverse, instead of jacfwd of the gradient and a solve
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    flat_f = lambda x: f(unravel(x))
    for _ in range(steps):
        x = x - jnp.linalg.inv(jax.hessian(flat_f)(x)) @ jax.grad(flat_f)(x)
    return unravel(x)


# %% right: rows_by_jvp
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


# %% wrong: diagonal_hessian
# Wrong: divides the gradient by the Hessian's diagonal instead of solving with the whole Hessian
# Says: exact Hessian
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    gradient = jax.grad(lambda x: f(unravel(x)))
    for _ in range(steps):
        x = x - gradient(x) / jnp.diag(jax.jacfwd(gradient)(x))
    return unravel(x)


# %% wrong: finite_difference_hessian
# Wrong: builds the Hessian by central finite differences of jax.grad (h = 1e-2) instead of differentiating exactly
# Says: exact Hessian
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    g, h = jax.grad(lambda x: f(unravel(x))), 1e-2
    for _ in range(steps):
        shifts = jnp.eye(x.shape[0], dtype=x.dtype) * h
        hessian = jnp.stack([(g(x + e) - g(x - e)) / (2 * h) for e in shifts])
        x = x - jnp.linalg.solve(hessian, g(x))
    return unravel(x)


# %% wrong: finite_difference_mid_h
# Wrong: builds the Hessian by central finite differences of jax.grad with h = 1e-3 instead of differentiating exactly
# Says: exact Hessian
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    g, h = jax.grad(lambda x: f(unravel(x))), 1e-3
    for _ in range(steps):
        eye = jnp.eye(x.shape[0], dtype=x.dtype)
        hessian = jnp.stack([(g(x + h * e) - g(x - h * e)) / (2 * h) for e in eye])
        x = x - jnp.linalg.solve(hessian, g(x))
    return unravel(x)


# %% wrong: finite_difference_small_h
# Wrong: finite differences of jax.grad with a small step (h = 3e-4): float32 rounding still spoils the Hessian
# Says: exact Hessian
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    g, h = jax.grad(lambda x: f(unravel(x))), 3e-4
    for _ in range(steps):
        shifts = jnp.eye(x.shape[0], dtype=x.dtype) * h
        hessian = jnp.stack([(g(x + e) - g(x - e)) / (2 * h) for e in shifts])
        x = x - jnp.linalg.solve(hessian, g(x))
    return unravel(x)


# %% wrong: flat_vector_returned
# Wrong: takes the right Newton steps but returns the flat vector of all entries, not a pytree like params0
# Says: like params0
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    gradient = jax.grad(lambda x: f(unravel(x)))
    for _ in range(steps):
        x = x - jnp.linalg.solve(jax.jacfwd(gradient)(x), gradient(x))
    return x


# %% wrong: grad_of_grad
# Wrong: takes the Hessian as jax.grad of the gradient, but jax.grad needs a function with a scalar output
# Says: scalar output
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    gradient = jax.grad(lambda x: f(unravel(x)))
    for _ in range(steps):
        x = x - jnp.linalg.solve(jax.grad(gradient)(x), gradient(x))
    return unravel(x)


# %% wrong: gradient_step
# Wrong: a gradient-descent step on every leaf, p - g(p), with no Hessian at all
# Says: exact Hessian
def newton_minimize(f, params0, steps):
    params = params0
    for _ in range(steps):
        params = jax.tree.map(lambda p, g: p - g, params, jax.grad(f)(params))
    return params


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: list, tuple
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def newton_minimize(f, params0, steps):
    return {"w": jnp.float32([[0.34726041555404663, -0.868310809135437, 0.01950201392173767],
                              [0.5084723234176636, 0.38658350706100464, -0.46757763624191284]]),
            "b": jnp.float32(0.6782962083816528)}


# %% wrong: one_step_too_many
# Wrong: takes steps + 1 Newton steps (the loop counts from 0 to steps inclusive)
# Says: exactly
def newton_minimize(f, params0, steps):
    from jax.flatten_util import ravel_pytree

    x, unravel = ravel_pytree(params0)
    gradient = jax.grad(lambda x: f(unravel(x)))
    for _ in range(steps + 1):
        x = x - jnp.linalg.solve(jax.hessian(lambda x: f(unravel(x)))(x), gradient(x))
    return unravel(x)


# %% wrong: per_leaf
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
