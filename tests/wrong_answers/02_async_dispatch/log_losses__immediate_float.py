# Wrong: converts each loss right after its step, so Python waits before it can queue the next step
# Says: wait for loss k after queuing step k + 1
def log_losses(step, state, batches, log):
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        log(k, float(loss))
    return state
