# Wrong: NumPy's boolean indexing seqs[valid], whose shape depends on the values, so it fails under jax.jit
# Says: raised
def reverse_valid(seqs, valid):
    rank = jnp.cumsum(valid, axis=1) - 1  # each step's measurement number in its sequence
    last = jnp.cumsum(valid.sum(axis=1)) - 1  # where each sequence's last measurement lands in seqs[valid]
    return jnp.zeros_like(seqs).at[valid].set(seqs[valid][(last[:, None] - rank)[valid]])
