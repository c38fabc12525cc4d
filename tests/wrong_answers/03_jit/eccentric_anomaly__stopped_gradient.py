# Wrong: the loop runs on stop_gradient values and nothing adds the derivative back, so jax.grad gives zeros
# Says: wrong jax.grad
def eccentric_anomaly(e, m):
    e, m = jax.lax.stop_gradient(e), jax.lax.stop_gradient(m)

    def update(carry):
        _, new, steps = carry
        return new, m + e * jnp.sin(new), steps + 1

    _, new, steps = jax.lax.while_loop(lambda c: jnp.abs(c[1] - c[0]) > 1e-5, update, (m, m + e * jnp.sin(m), 1))
    return new, steps
