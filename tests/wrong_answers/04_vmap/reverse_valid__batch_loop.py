# Wrong: a Python loop over the sequences (right values, but the program grows with the batch)
# Says: equations
def reverse_valid(seqs, valid):
    rows = []
    for b in range(seqs.shape[0]):
        order = jnp.argsort(~valid[b], stable=True)  # the measurement steps first, in order
        rank = jnp.cumsum(valid[b]) - 1
        rows.append(jnp.where(valid[b][:, None], seqs[b][order[jnp.clip(jnp.sum(valid[b]) - 1 - rank, 0)]], 0))
    return jnp.stack(rows).astype(seqs.dtype)
