# Wrong: a Python loop over a fixed 64 sequences, above the sizes it expects, then cut to the batch
# Says: equations
def reverse_valid(seqs, valid):
    rows = []
    for b in range(64):
        seq, v = seqs[min(b, seqs.shape[0] - 1)], valid[min(b, seqs.shape[0] - 1)]
        order, rank = jnp.argsort(~v, stable=True), jnp.cumsum(v) - 1
        rows.append(jnp.where(v[:, None], seq[order[jnp.clip(jnp.sum(v) - 1 - rank, 0)]], 0).astype(seqs.dtype))
    return jnp.stack(rows)[: seqs.shape[0]]
