# Wrong: logs the previous step's loss under the current step's number
# Says: log(k, float(loss)) once per step k
def log_losses(step, state, batches, log):
    previous = None
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        if previous is not None:
            log(k, float(previous))
        previous = loss
    if previous is not None:
        log(len(batches), float(previous))
    return state
