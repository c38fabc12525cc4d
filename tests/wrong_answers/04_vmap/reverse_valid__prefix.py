# Wrong: reverses the first sum(valid) steps as if the measurements were a prefix, ignoring where the gaps are
# Says: reverse order
def reverse_valid(seqs, valid):
    def one(seq, v):
        t, n = jnp.arange(seq.shape[0]), jnp.sum(v)
        return jnp.where(v[:, None], seq[jnp.where(t < n, n - 1 - t, t)], 0).astype(seq.dtype)

    return jax.vmap(one)(seqs, valid)
