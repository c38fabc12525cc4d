# Wrong: returns the index of the last step dispatched instead of the step whose loss reached the target
# Says: return k = 2, not 3
def train_until(step, state, batches, target):
    previous = None
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        if previous is not None and float(previous) <= target:
            return state, k
        previous = loss
    if previous is not None and float(previous) <= target:
        return state, len(batches) - 1
    return state, None
