# Wrong: the lesson's while_loop on the statement's iteration, and nothing for jax.grad, which cannot go through it
# Says: jax.grad raised ValueError
def eccentric_anomaly(e, m):
    def update(carry):
        _, new, steps = carry
        return new, m + e * jnp.sin(new), steps + 1

    _, new, steps = jax.lax.while_loop(lambda c: jnp.abs(c[1] - c[0]) > 1e-5, update, (m, m + e * jnp.sin(m), 1))
    return new, steps
