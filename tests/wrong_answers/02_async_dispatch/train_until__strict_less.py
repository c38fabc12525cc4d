# Wrong: stops only when a loss is strictly below target, so a loss equal to target does not stop the loop
# Says: return k = 2, not None
def train_until(step, state, batches, target):
    previous = None
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        if previous is not None and float(previous) < target:
            return state, k - 1
        previous = loss
    if previous is not None and float(previous) < target:
        return state, len(batches) - 1
    return state, None
