# %% right: nonzero_starts
# Right: the run starts' positions with nonzero(size=, fill_value=n); lengths as differences of consecutive starts
def run_lengths(x):
    n = x.shape[0]
    starts = jnp.concatenate([jnp.ones(1, dtype=bool), x[1:] != x[:-1]])
    (first,) = jnp.nonzero(starts, size=n, fill_value=n)
    nxt = jnp.append(first[1:], n)
    valid = first < n
    values = jnp.where(valid, x.at[first].get(mode="fill", fill_value=0), 0)
    lengths = jnp.where(valid, jnp.minimum(nxt, n) - first, 0).astype(jnp.int32)
    return values, lengths, jnp.sum(starts, dtype=jnp.int32)


# %% right: scan
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


# %% wrong: boolean_mask
# Wrong: keeps the run starts with a boolean mask, whose shape depends on the values
# Says: NonConcreteBooleanIndexError
def run_lengths(x):
    n = x.shape[0]
    starts = jnp.concatenate([jnp.ones(1, dtype=bool), x[1:] != x[:-1]])
    first = jnp.arange(n)[starts]
    lengths = jnp.diff(jnp.append(first, n))
    pad = jnp.zeros(n - first.shape[0], jnp.int32)
    return jnp.concatenate([x[first], pad]), jnp.concatenate([lengths, pad]), jnp.int32(first.shape[0])


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: For x =
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def run_lengths(x):
    return (jnp.int32([5, 2, 5, 7, 0, 0, 0, 0]), jnp.int32([2, 3, 1, 2, 0, 0, 0, 0]), jnp.int32(4))


# %% wrong: padding_not_zero
# Wrong: nonzero with its default fill value 0 pads values with x[0] and lengths with garbage
# Says: values and lengths must be
def run_lengths(x):
    n = x.shape[0]
    starts = jnp.concatenate([jnp.ones(1, dtype=bool), x[1:] != x[:-1]])
    (first,) = jnp.nonzero(starts, size=n)
    count = jnp.sum(starts, dtype=jnp.int32)
    ends = jnp.where(jnp.arange(n) + 1 < count, jnp.roll(first, -1), n)
    return x[first], (ends - first).astype(jnp.int32), count


# %% wrong: python_loop
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


# %% wrong: unique_counts
# Wrong: jnp.unique with counts: it merges equal values from different runs and sorts them
# Says: count
def run_lengths(x):
    values, lengths = jnp.unique(x, return_counts=True, size=x.shape[0], fill_value=0)
    return values, lengths.astype(jnp.int32), jnp.sum(lengths > 0, dtype=jnp.int32)
