# Wrong: a Python loop of pullbacks fixed at 64 rows (one-hot cotangents, cut to m): more outputs lose their rows
# Says: jax.jacrev's, (70, 3)
def jacobian(f, x):
    y, pullback = jax.vjp(f, x)
    m = y.shape[0]
    return jnp.stack([pullback(jax.nn.one_hot(i, m, dtype=y.dtype))[0] for i in range(64)])[:m]
