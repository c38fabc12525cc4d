# Wrong: writes every step into its measurement's slot in reverse step order, relying on the last write to win
# (.at[rank[::-1]].set(...) with repeated indices): right on today's CPU, but that order is unspecified
# Says: writes, unspecified
def reverse_valid(seqs, valid):
    def one(seq, v):
        steps = seq.shape[0]
        rank = jnp.cumsum(v) - 1  # gaps repeat the rank of the measurement before them
        at = jnp.zeros(steps, jnp.int32).at[rank[::-1]].set(jnp.arange(steps)[::-1])  # the smallest t written last
        source = at[jnp.where(v, jnp.sum(v) - 1 - rank, 0)]
        return jnp.where(v[:, None], seq[source], 0).astype(seq.dtype)

    return jax.vmap(one)(seqs, valid)
