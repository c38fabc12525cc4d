# Wrong: reverses the measurements but leaves in every gap whatever it held instead of 0
# Says: Gaps, 0
def reverse_valid(seqs, valid):
    def one(seq, v):
        steps = seq.shape[0]
        rank = jnp.cumsum(v) - 1
        at = jnp.zeros(steps, jnp.int32).at[jnp.where(v, rank, steps)].set(jnp.arange(steps), mode="drop")
        return seq[jnp.where(v, at[jnp.sum(v) - 1 - rank], jnp.arange(steps))]

    return jax.vmap(one)(seqs, valid)
