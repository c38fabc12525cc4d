# %% right: argsort_each_step
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


# %% right: stack_at_end
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


# %% wrong: hardcoded_visible
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


# %% wrong: last_state
# Wrong: keeps the right losses and steps but returns the last state in every slot of best_states
# Says: each state after its step
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
        at = jnp.where(nan, k, jnp.sum(best_losses <= loss))   # the new loss's slot; k (nowhere) for a NaN

        def insert(kept, new, at=at):
            slot = slots.reshape((k,) + (1,) * (kept.ndim - 1))
            shifted = jnp.concatenate([kept[:1], kept[:-1]])  # slot j holds what slot j - 1 held
            return jnp.where(slot < at, kept, jnp.where(slot == at, new, shifted)).astype(kept.dtype)

        best_states = jax.tree.map(insert, best_states, state)
        best_losses = insert(best_losses, loss)
        best_steps = insert(best_steps, jnp.int32(i))
    best_states = jax.tree.map(lambda leaf: jnp.stack([leaf] * k), state)
    return best_states, best_losses, best_steps, saw_nan


# %% wrong: nan_counts
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


# %% wrong: numpy_reads
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


# %% wrong: padding_zeros
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


# %% wrong: python_defaults
# Wrong: returns the state and Python lists when there are no batches, instead of stacked states and arrays
# Says: Return (k,) float32
def keep_best(step, state, batches, k):
    if not batches:
        return state, [float("inf")] * k, [-1] * k, False
    best_states = jax.tree.map(lambda leaf: jnp.stack([jnp.asarray(leaf)] * k), state)
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


# %% wrong: slow_loop
# Wrong: the statement's slow loop, which decides on the host (an if on jnp.isnan, sorted comparing losses)
# Says: read a value on the host
def keep_best(step, state, batches, k):
    start, kept, saw_nan = state, [], False
    for i, batch in enumerate(batches):
        state, loss = step(state, batch)
        if jnp.isnan(loss):
            saw_nan = True
        else:
            kept = sorted(kept + [(loss, i, state)], key=lambda entry: entry[0])[:k]
    kept += [(jnp.inf, -1, start)] * (k - len(kept))
    losses, steps, states = zip(*kept, strict=True)
    return (jax.tree.map(lambda *leaves: jnp.stack(leaves), *states), jnp.array(losses, jnp.float32),
            jnp.array(steps, jnp.int32), jnp.asarray(saw_nan))


# %% wrong: ties_later_first
# Wrong: inserts a new loss before the kept losses equal to it, so of equal losses the later step comes first
# Says: earlier of equal losses first
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
        at = jnp.where(nan, k, jnp.sum(best_losses < loss))   # the new loss's slot; k (nowhere) for a NaN

        def insert(kept, new, at=at):
            slot = slots.reshape((k,) + (1,) * (kept.ndim - 1))
            shifted = jnp.concatenate([kept[:1], kept[:-1]])  # slot j holds what slot j - 1 held
            return jnp.where(slot < at, kept, jnp.where(slot == at, new, shifted)).astype(kept.dtype)

        best_states = jax.tree.map(insert, best_states, state)
        best_losses = insert(best_losses, loss)
        best_steps = insert(best_steps, jnp.int32(i))
    return best_states, best_losses, best_steps, saw_nan
