# Right: one lax.scan over the entries, carrying the previous entry and the current run's index
def run_lengths(x):
    n = x.shape[0]

    def step(carry, xi):
        prev, run, values, lengths = carry
        run = run + (xi != prev).astype(jnp.int32)
        return (xi, run, values.at[run].set(xi), lengths.at[run].add(1)), None

    init = (x[0], jnp.int32(0), jnp.zeros(n, x.dtype).at[0].set(x[0]), jnp.zeros(n, jnp.int32).at[0].set(1))
    (_, run, values, lengths), _ = jax.lax.scan(step, init, x[1:])
    return values, lengths, run + 1
