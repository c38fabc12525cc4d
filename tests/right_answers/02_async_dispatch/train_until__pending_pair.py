# Right: keeps the unchecked loss with its step index in a pair instead of counting from the loop index
def train_until(step, state, batches, target):
    pending = None  # (index, loss) of the step whose loss is not checked yet
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        if pending is not None:
            j, previous = pending
            if float(previous) <= target:
                return state, j
        pending = (k, loss)
    if pending is not None and float(pending[1]) <= target:
        return state, pending[0]
    return state, None
