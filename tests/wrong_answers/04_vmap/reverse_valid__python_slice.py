# Wrong: slices each sequence with its length as a Python int, which fails under jax.jit (lengths are traced)
# Says: traced
def reverse_valid(seqs, lengths):
    out = []
    for seq, length in zip(seqs, lengths, strict=True):
        n = int(length)
        out.append(jnp.concatenate([seq[:n][::-1], jnp.zeros_like(seq[n:])]))
    return jnp.stack(out)
