# Wrong: tracks the best loss and step on the device but returns the last state instead of the best step's state
# Says: best_state is after step best_k
def keep_best(step, state, batches):
    best_loss, best_k, saw_nan = jnp.float32(jnp.inf), jnp.int32(-1), jnp.asarray(False)
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        better = loss < best_loss
        best_loss, best_k = jnp.where(better, loss, best_loss), jnp.where(better, jnp.int32(k), best_k)
        saw_nan = saw_nan | jnp.isnan(loss)
    return state, best_loss, best_k, saw_nan
