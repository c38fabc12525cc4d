# Wrong: returns the state from before the last dispatched step instead of the last state step returned
# Says: return the last state
def train_until(step, state, batches, target):
    previous, before = None, state
    for k, batch in enumerate(batches):
        before, (state, loss) = state, step(state, batch)
        if previous is not None and float(previous) <= target:
            return before, k - 1
        previous = loss
    if previous is not None and float(previous) <= target:
        return state, len(batches) - 1
    return state, None
