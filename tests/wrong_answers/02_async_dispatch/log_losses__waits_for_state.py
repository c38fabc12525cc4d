# Wrong: one step late for the losses, but waits for every new state, which the host never needs
# Says: never waiting
def log_losses(step, state, batches, log):
    previous = None
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        state.block_until_ready()
        if previous is not None:
            log(k - 1, float(previous))
        previous = loss
    if previous is not None:
        log(len(batches) - 1, float(previous))
    return state
