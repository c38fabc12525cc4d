# Wrong: jax.lax.map runs the examples one after another in a scan loop
# Says: not a loop
def per_example_grads(loss, params, xs, ys):
    return jax.lax.map(lambda xy: jax.grad(loss)(params, *xy), (xs, ys))
