# Wrong: .at[].set with the ids reversed in jax.checkpoint, relying on the last of several writes to one entry winning
# Says: another order
def first_index(ids, n):
    m = ids.shape[0]

    @jax.checkpoint
    def scatter(ids):
        return jnp.full(n, -1, dtype=jnp.int32).at[ids[::-1]].set(jnp.arange(m, dtype=jnp.int32)[::-1])

    return scatter(ids)
