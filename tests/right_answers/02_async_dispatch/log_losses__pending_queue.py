# Right: keeps (step number, loss) pairs in a queue and logs everything but the newest after each dispatch
def log_losses(step, state, batches, log):
    pending = []
    for k, batch in enumerate(batches):
        state, loss = step(state, batch)
        pending.append((k, loss))
        while len(pending) > 1:
            j, old = pending.pop(0)
            log(j, float(old))
    for j, old in pending:
        log(j, float(old))
    return state
