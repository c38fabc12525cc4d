# Wrong: yields a batch before starting the copy of the next one, so only ahead - 1 copies run in front of it
# Says: put batches 0, 1 and 2
def prefetched(batches, put, ahead):
    from collections import deque

    started = deque()
    for batch in batches:
        if len(started) >= ahead and started:
            yield started.popleft()
        started.append(put(batch))
    while started:
        yield started.popleft()
