# Right: loops over indices, converts with .item(), and logs the last loss separately
def log_losses(step, state, batches, log):
    losses = []
    for k in range(len(batches)):
        state, loss = step(state, batches[k])
        losses.append(loss)
        if k >= 1:
            log(k - 1, float(losses[k - 1].item()))
    if losses:
        log(len(losses) - 1, float(losses[-1].item()))
    return state
