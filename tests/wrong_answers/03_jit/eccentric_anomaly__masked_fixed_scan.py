# Wrong: 400 steps that stop updating once converged and count the steps: still a loop of fixed length
# Caught: hidden (its values, counts and slopes are right on the visible inputs; only the program shows the fixed loop)
# Says: Stop the loop when converged
def eccentric_anomaly(e, m):
    def step(carry, _):
        new, steps, done = carry
        nxt = m + e * jnp.sin(new)
        done_now = done | (jnp.abs(nxt - new) <= 1e-5)
        return (jnp.where(done, new, nxt), steps + jnp.where(done, 0, 1), done_now), None

    (root, steps, _), _ = jax.lax.scan(step, (m, jnp.int32(0), jnp.bool_(False)), length=400)
    return root, steps
