# Wrong: lists the measurement steps with jnp.nonzero(..., size=64), a size fixed above the visible lengths
# Says: long sequences, measurements are wrong
# Caught: hidden (only a sequence longer than 64 steps shows it; the visible sequences have 6)
def reverse_valid(seqs, valid):
    def one(seq, v):
        (steps,) = jnp.nonzero(v, size=64, fill_value=0)  # the measured steps, in order
        k = jnp.sum(v)
        rank = jnp.cumsum(v) - 1
        source = steps[jnp.clip(k - 1 - rank, 0, 63)]
        return jnp.where(v[:, None], seq[source], 0).astype(seq.dtype)

    return jax.vmap(one)(seqs, valid)
