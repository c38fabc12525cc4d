# Wrong: a Python loop fixed at 64 examples (clipped reads, cut to n): a bigger batch loses its tail
# Says: example i
def per_example_grads(loss, params, xs, ys):
    n = xs.shape[0]
    grads = [jax.grad(loss)(params, jnp.take(xs, i, axis=0, mode="clip"), jnp.take(ys, i, mode="clip"))
             for i in range(64)]
    return jax.tree.map(lambda *leaves: jnp.stack(leaves)[:n], *grads)
