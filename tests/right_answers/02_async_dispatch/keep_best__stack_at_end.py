# Right: keeps every state and loss, then picks the k best once after the loop on the device (NaN masked, argsort)
def keep_best(step, state, batches, k):
    states, losses = [state], []
    for batch in batches:
        state, loss = step(state, batch)
        states.append(state)
        losses.append(loss)
    n = len(losses)
    stacked = jnp.stack(losses) if losses else jnp.zeros(0, jnp.float32)
    masked = jnp.where(jnp.isnan(stacked), jnp.inf, stacked)
    # k padding entries first, so that they come before a NaN (masked as inf) of equal rank
    candidates = jnp.concatenate([jnp.full(k, jnp.inf, jnp.float32), masked])
    order = jnp.argsort(candidates, stable=True)[:k]
    steps = jnp.concatenate([jnp.full(k, -1, jnp.int32), jnp.arange(n, dtype=jnp.int32)])[order]
    every = jax.tree.map(lambda *leaves: jnp.stack(leaves), *states)  # index 0: the state passed in
    best_states = jax.tree.map(lambda leaf: leaf[steps + 1], every)
    return best_states, candidates[order], steps, jnp.any(jnp.isnan(stacked))
