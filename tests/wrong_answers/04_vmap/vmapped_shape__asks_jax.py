# Wrong: asks JAX (jax.eval_shape of a vmapped stand-in) instead of applying the rules
# Says: plain Python
def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    f = lambda *args: jnp.zeros(example_shape) + sum(jnp.sum(a) for a in args)
    try:
        return jax.eval_shape(jax.vmap(f, in_axes, out_axes), *[jnp.zeros(s) for s in arg_shapes]).shape
    except ValueError:
        return None
