# Right: no cumsum: jnp.nonzero with a static size lists the measurement steps, and a scatter writes each
# measurement j into the slot of measurement k - 1 - j; gaps are never written
def reverse_valid(seqs, valid):
    def one(seq, v):
        steps = seq.shape[0]
        k, j = jnp.sum(v), jnp.arange(steps)
        where = jnp.nonzero(v, size=steps, fill_value=steps)[0]  # measurement steps first, then `steps`
        source = where[jnp.clip(k - 1 - j, 0, steps - 1)]
        return jnp.zeros_like(seq).at[jnp.where(j < k, where, steps)].set(seq[jnp.minimum(source, steps - 1)],
                                                                          mode="drop")

    return jax.vmap(one)(seqs, valid)
