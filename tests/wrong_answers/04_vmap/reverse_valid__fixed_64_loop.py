# Wrong: a Python loop over a fixed 64 sequences, above the sizes it expects, then cut to the batch
# Says: equations
def reverse_valid(seqs, lengths):
    t = jnp.arange(seqs.shape[1])
    rows = []
    for b in range(64):
        seq, length = seqs[jnp.minimum(b, seqs.shape[0] - 1)], lengths[jnp.minimum(b, seqs.shape[0] - 1)]
        valid = t < length
        rows.append(jnp.where(valid[:, None], seq[jnp.where(valid, length - 1 - t, t)], 0))
    return jnp.stack(rows)[: seqs.shape[0]]
