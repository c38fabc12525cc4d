# Wrong: keeps every loss and sorts them on the host with NumPy after the loop: np.asarray reads every value
# Says: read a value on the host
def keep_best(step, state, batches, k):
    states, losses = [state], []
    for batch in batches:
        state, loss = step(state, batch)
        states.append(state)
        losses.append(loss)
    values = np.asarray(jnp.stack(losses)) if losses else np.zeros(0, np.float32)
    order = [i for i in np.argsort(values, kind="stable") if not np.isnan(values[i])][:k]
    order += [-1] * (k - len(order))
    best_states = jax.tree.map(lambda *leaves: jnp.stack([leaves[i + 1] for i in order]), *states)
    return (best_states, jnp.array([values[i] if i >= 0 else np.inf for i in order], jnp.float32),
            jnp.array(order, jnp.int32), jnp.asarray(bool(np.isnan(values).any())))
