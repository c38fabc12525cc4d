# Right: after each step, a stable argsort of the kept losses followed by the new one (NaN sorts last) picks the k best
def keep_best(step, state, batches, k):
    best_states = jax.tree.map(lambda leaf: jnp.repeat(jnp.asarray(leaf)[None], k, axis=0), state)
    best_losses = jnp.full((k,), jnp.inf, jnp.float32)
    best_steps = jnp.full((k,), -1, jnp.int32)
    saw_nan = jnp.zeros((), bool)
    for i, batch in enumerate(batches):
        state, loss = step(state, batch)
        saw_nan = saw_nan | jnp.isnan(loss)
        losses = jnp.concatenate([best_losses, jnp.reshape(loss, (1,))])
        order = jnp.argsort(losses, stable=True)[:k]  # ties keep the kept (earlier) entries first
        best_losses = losses[order]
        best_steps = jnp.concatenate([best_steps, jnp.array([i], jnp.int32)])[order]
        best_states = jax.tree.map(lambda kept, new, order=order: jnp.concatenate([kept, new[None]])[order],
                                   best_states, state)
    return best_states, best_losses, best_steps, saw_nan
