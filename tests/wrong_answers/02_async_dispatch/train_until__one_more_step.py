# Wrong: after finding the good loss it still dispatches one more step before stopping
# Says: dispatch no step after
def train_until(step, state, batches, target):
    previous, found = None, None
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        if found is not None:
            return state, found
        if previous is not None and float(previous) <= target:
            found = k - 1
        previous = loss
    if found is None and previous is not None and float(previous) <= target:
        found = len(batches) - 1
    return state, found
