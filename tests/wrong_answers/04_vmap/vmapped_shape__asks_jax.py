# Wrong: asks JAX (jax.eval_shape of a vmapped stand-in) instead of applying the rules
# Says: plain Python
def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    f = lambda *args: jnp.zeros(example_shape) + sum(jnp.sum(a) for a in jax.tree.leaves(args))
    zeros = lambda s: jax.tree.map(jnp.zeros, s, is_leaf=lambda t: isinstance(t, tuple))
    try:
        return jax.eval_shape(jax.vmap(f, in_axes, out_axes), *map(zeros, arg_shapes)).shape
    except ValueError:
        return None
