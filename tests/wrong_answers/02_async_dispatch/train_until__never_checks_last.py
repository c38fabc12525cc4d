# Wrong: checks one step late but forgets the last step's loss after the loop
# Says: return k = 2, not None
def train_until(step, state, batches, target):
    previous = None
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        if previous is not None and float(previous) <= target:
            return state, k - 1
        previous = loss
    return state, None
