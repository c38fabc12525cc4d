# Wrong: checks each loss right after its own step, so Python waits before it can queue the next step
# Says: checked before the next step
def train_until(step, state, batches, target):
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        if float(loss) <= target:
            return state, k
    return state, None
