# Wrong: stops when the source is exhausted and never yields the copies still queued
# Says: yield every batch
def prefetched(batches, put, ahead):
    from collections import deque

    started = deque()
    for batch in batches:
        started.append(put(batch))
        if len(started) > ahead:
            yield started.popleft()
