# Wrong: logs each loss one step late but never logs the last one after the loop
# Says: once per step k
def log_losses(step, state, batches, log):
    previous = None
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        if previous is not None:
            log(k - 1, float(previous))
        previous = loss
    return state
