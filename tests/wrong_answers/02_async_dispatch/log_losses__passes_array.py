# Wrong: hands log the loss array itself instead of a Python float
# Says: float(loss)
def log_losses(step, state, batches, log):
    previous = None
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        if previous is not None:
            log(k - 1, previous)
        previous = loss
    if previous is not None:
        log(len(batches) - 1, previous)
    return state
