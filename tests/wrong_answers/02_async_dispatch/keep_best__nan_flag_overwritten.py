# Wrong: sets saw_nan from the current loss only, so a NaN before the last step is forgotten
# Says: saw_nan
def keep_best(step, state, batches):
    best_state, best_loss = state, jnp.float32(jnp.inf)
    best_k, saw_nan = jnp.int32(-1), jnp.asarray(False)
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        better = loss < best_loss
        best_state = jax.tree.map(lambda new, old, better=better: jnp.where(better, new, old), state, best_state)
        best_loss, best_k = jnp.where(better, loss, best_loss), jnp.where(better, jnp.int32(k), best_k)
        saw_nan = jnp.isnan(loss)
    return best_state, best_loss, best_k, saw_nan
