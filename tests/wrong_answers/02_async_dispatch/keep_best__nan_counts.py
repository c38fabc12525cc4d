# Wrong: never checks for NaN when it inserts: a NaN loss compares false with every kept loss and goes to slot 0
# Says: a NaN never counts
def keep_best(step, state, batches, k):
    best_states = jax.tree.map(lambda leaf: jnp.stack([jnp.asarray(leaf)] * k), state)
    best_losses = jnp.full(k, jnp.inf, dtype=jnp.float32)
    best_steps = jnp.full(k, -1, dtype=jnp.int32)
    saw_nan = jnp.asarray(False)
    slots = jnp.arange(k)
    for i, batch in enumerate(batches):
        state, loss = step(state, batch)
        nan = jnp.isnan(loss)
        saw_nan = saw_nan | nan
        at = jnp.sum(best_losses <= loss)

        def insert(kept, new, at=at):
            slot = slots.reshape((k,) + (1,) * (kept.ndim - 1))
            shifted = jnp.concatenate([kept[:1], kept[:-1]])  # slot j holds what slot j - 1 held
            return jnp.where(slot < at, kept, jnp.where(slot == at, new, shifted)).astype(kept.dtype)

        best_states = jax.tree.map(insert, best_states, state)
        best_losses = insert(best_losses, loss)
        best_steps = insert(best_steps, jnp.int32(i))
    return best_states, best_losses, best_steps, saw_nan
