# Wrong: dispatches every step, keeping the losses, and only then looks for the first good one (never stops early)
# Says: dispatch no step after
def train_until(step, state, batches, target):
    losses = []
    for batch in batches:
        state, loss = step(state, batch)
        losses.append(loss)
    for k, loss in enumerate(losses):
        if float(loss) <= target:
            return state, k
    return state, None
