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
