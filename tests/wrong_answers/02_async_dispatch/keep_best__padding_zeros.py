# Wrong: fills the slots no loss has reached with zeros instead of the state passed in
# Says: state passed in
# Caught: hidden (the visible runs fill every slot and start from zeros)
def keep_best(step, state, batches, k):
    best_states = jax.tree.map(lambda leaf: jnp.zeros((k,) + jnp.shape(leaf), jnp.asarray(leaf).dtype), state)
    best_losses = jnp.full(k, jnp.inf, dtype=jnp.float32)
    best_steps = jnp.full(k, -1, dtype=jnp.int32)
    saw_nan = jnp.asarray(False)
    slots = jnp.arange(k)
    for i, batch in enumerate(batches):
        state, loss = step(state, batch)
        nan = jnp.isnan(loss)
        saw_nan = saw_nan | nan
        at = jnp.where(nan, k, jnp.sum(best_losses <= loss))   # the new loss's slot; k (nowhere) for a NaN

        def insert(kept, new, at=at):
            slot = slots.reshape((k,) + (1,) * (kept.ndim - 1))
            shifted = jnp.concatenate([kept[:1], kept[:-1]])  # slot j holds what slot j - 1 held
            return jnp.where(slot < at, kept, jnp.where(slot == at, new, shifted)).astype(kept.dtype)

        best_states = jax.tree.map(insert, best_states, state)
        best_losses = insert(best_losses, loss)
        best_steps = insert(best_steps, jnp.int32(i))
    return best_states, best_losses, best_steps, saw_nan
