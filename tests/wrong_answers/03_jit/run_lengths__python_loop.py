# Wrong: a Python loop over the entries: right values, but the program grows with n
# Says: grows with n
def run_lengths(x):
    run = jnp.int32(0)
    values = jnp.zeros(x.shape[0], x.dtype).at[0].set(x[0])
    lengths = jnp.zeros(x.shape[0], jnp.int32).at[0].set(1)
    for i in range(1, x.shape[0]):
        run = run + (x[i] != x[i - 1]).astype(jnp.int32)
        values, lengths = values.at[run].set(x[i]), lengths.at[run].add(1)
    return values, lengths, run + 1
