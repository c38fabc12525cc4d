# Wrong: reverses every whole sequence, gaps included, and keeps what lands in the measurement slots
# Says: reverse order
def reverse_valid(seqs, valid):
    return jnp.where(valid[..., None], seqs[:, ::-1], 0).astype(seqs.dtype)
