# Wrong: a Python loop over the sequences (right values, but the program grows with the batch)
# Says: equations
def reverse_valid(seqs, lengths):
    t = jnp.arange(seqs.shape[1])
    rows = []
    for b in range(seqs.shape[0]):
        valid = t < lengths[b]
        rows.append(jnp.where(valid[:, None], seqs[b][jnp.where(valid, lengths[b] - 1 - t, t)], 0))
    return jnp.stack(rows)
