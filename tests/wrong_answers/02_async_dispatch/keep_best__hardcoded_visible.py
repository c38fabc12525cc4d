# Wrong: the visible outputs hard-coded
# Says: k=3
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def keep_best(step, state, batches, k):
    if not batches:
        return (jax.tree.map(lambda x: jnp.stack([x, x]), state), jnp.full(2, jnp.inf, jnp.float32),
                jnp.full(2, -1, jnp.int32), jnp.asarray(False))
    states = []
    for batch in batches:
        state, _ = step(state, batch)
        states.append(state)
    first = jnp.isnan(batches[3])  # which of the visible test's two runs this is
    best_states = jax.tree.map(lambda a, b, c, d: jnp.where(first, jnp.stack([a, b]), jnp.stack([c, d])),
                               states[1], states[4], states[1], states[3])
    losses = jnp.where(first, jnp.array([1.0, 1.0]), jnp.array([0.5, 0.5])).astype(jnp.float32)
    steps = jnp.where(first, jnp.array([1, 4]), jnp.array([1, 3])).astype(jnp.int32)
    return best_states, losses, steps, first
