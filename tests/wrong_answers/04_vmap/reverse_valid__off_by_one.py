# Wrong: step t reads step length - t instead of length - 1 - t
# Says: Step
def reverse_valid(seqs, lengths):
    def one(seq, length):
        t = jnp.arange(seq.shape[0])
        valid = t < length
        return jnp.where(valid[:, None], seq[jnp.where(valid, length - t, t)], 0)

    return jax.vmap(one)(seqs, lengths)
