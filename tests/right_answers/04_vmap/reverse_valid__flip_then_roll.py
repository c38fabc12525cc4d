# Right: flips the whole sequence, rolls its valid part back to the front, then zeroes the padding
def reverse_valid(seqs, lengths):
    def one(seq, length):
        rolled = jnp.roll(seq[::-1], length - seq.shape[0], axis=0)
        return jnp.where((jnp.arange(seq.shape[0]) < length)[:, None], rolled, 0).astype(seq.dtype)

    return jax.vmap(one)(seqs, lengths)
