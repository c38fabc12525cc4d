# Wrong: nonzero with its default fill value 0 pads values with x[0] and lengths with garbage
# Says: values and lengths must be
def run_lengths(x):
    n = x.shape[0]
    starts = jnp.concatenate([jnp.ones(1, dtype=bool), x[1:] != x[:-1]])
    (first,) = jnp.nonzero(starts, size=n)
    count = jnp.sum(starts, dtype=jnp.int32)
    ends = jnp.where(jnp.arange(n) + 1 < count, jnp.roll(first, -1), n)
    return x[first], (ends - first).astype(jnp.int32), count
