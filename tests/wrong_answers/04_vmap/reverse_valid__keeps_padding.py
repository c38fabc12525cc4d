# Wrong: reverses the valid steps but leaves whatever the padding held instead of 0
# Says: Padding, 0
def reverse_valid(seqs, lengths):
    def one(seq, length):
        t = jnp.arange(seq.shape[0])
        return seq[jnp.where(t < length, length - 1 - t, t)]

    return jax.vmap(one)(seqs, lengths)
