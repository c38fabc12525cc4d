# Wrong: keeps ahead + 1 copies started in front of the batch in use
# Says: no more, no fewer
def prefetched(batches, put, ahead):
    from collections import deque

    started = deque()
    for batch in batches:
        started.append(put(batch))
        if len(started) > ahead + 1:
            yield started.popleft()
    while started:
        yield started.popleft()
