# Wrong: a loop fixed at 400 steps, enough for every e, which jax.grad differentiates; it does not stop when converged
# Says: converged
def eccentric_anomaly(e, m):
    root = jax.lax.fori_loop(0, 400, lambda k, x: m + e * jnp.sin(x), m)
    return root, jnp.int32(400)
