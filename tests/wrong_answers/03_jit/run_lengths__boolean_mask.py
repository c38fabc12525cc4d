# Wrong: keeps the run starts with a boolean mask, whose shape depends on the values
# Says: NonConcreteBooleanIndexError
def run_lengths(x):
    n = x.shape[0]
    starts = jnp.concatenate([jnp.ones(1, dtype=bool), x[1:] != x[:-1]])
    first = jnp.arange(n)[starts]
    lengths = jnp.diff(jnp.append(first, n))
    pad = jnp.zeros(n - first.shape[0], jnp.int32)
    return jnp.concatenate([x[first], pad]), jnp.concatenate([lengths, pad]), jnp.int32(first.shape[0])
