# Wrong: keeps every loss as an array and logs them all after the loop, so nothing is reported while training runs
# Says: log loss k before dispatching step k + 2
def log_losses(step, state, batches, log):
    losses = []
    for batch in batches:
        state, loss = step(state, batch)
        losses.append(loss)
    for k, loss in enumerate(losses):
        log(k, float(loss))
    return state
