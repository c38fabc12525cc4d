# Wrong: waits for each copy to finish before yielding it, so the copies no longer overlap with the work
# Says: waited for a copy
def prefetched(batches, put, ahead):
    from collections import deque

    started = deque()
    for batch in batches:
        started.append(put(batch))
        if len(started) > ahead:
            yield started.popleft().block_until_ready()
    while started:
        yield started.popleft().block_until_ready()
