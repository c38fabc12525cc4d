# Wrong: the statement's Python loop with jax.numpy: the while asks Python for a traced value
# Says: TracerBoolConversionError
def eccentric_anomaly(e, m):
    old, new, steps = m, m + e * jnp.sin(m), 1
    while jnp.abs(new - old) > 1e-5:
        old, new, steps = new, m + e * jnp.sin(new), steps + 1
    return new, jnp.int32(steps)
