# Right: keeps every state and loss, then picks the best once after the loop on the device (NaN masked, argmin)
def keep_best(step, state, batches):
    states, losses = [state], []
    for batch in batches:
        state, loss = step(state, batch)
        states.append(state)
        losses.append(loss)
    if not losses:
        return state, jnp.asarray(jnp.inf, jnp.float32), jnp.asarray(-1, jnp.int32), jnp.asarray(False)
    stacked = jnp.stack(losses)
    masked = jnp.where(jnp.isnan(stacked), jnp.inf, stacked)
    found = jnp.any(masked < jnp.inf)
    k = jnp.where(found, jnp.argmin(masked), -1).astype(jnp.int32)
    stacked_states = jax.tree.map(lambda *leaves: jnp.stack(leaves), *states)
    best_state = jax.tree.map(lambda s: s[k + 1], stacked_states)  # states[0] is the initial state
    return best_state, jnp.min(masked).astype(jnp.float32), k, jnp.any(jnp.isnan(stacked))
