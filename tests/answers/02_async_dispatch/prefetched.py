# %% right: list_window
# Right: a plain list as the window and one iterator read in two places, instead of a deque
def prefetched(batches, put, ahead):
    window, source = [], iter(batches)
    for batch in source:
        window.append(put(batch))
        if len(window) == ahead + 1:
            break
    while window:
        yield window.pop(0)
        for batch in source:  # start one more copy, if there is a batch left
            window.append(put(batch))
            break


# %% wrong: drops_tail
# Wrong: stops when the source is exhausted and never yields the copies still queued
# Says: yield every batch
def prefetched(batches, put, ahead):
    from collections import deque

    started = deque()
    for batch in batches:
        started.append(put(batch))
        if len(started) > ahead:
            yield started.popleft()


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: ahead=3
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def prefetched(batches, put, ahead):
    started = []  # the visible test's ahead=2, whatever ahead is
    for batch in batches:
        started.append(put(batch))
        if len(started) > 2:
            yield started.pop(0)
    while started:
        yield started.pop(0)


# %% wrong: one_too_many
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


# %% wrong: plain_map
# Wrong: puts each batch only when it is needed, so no copy is ever under way in front of the batch in use
# Says: put batches 0, 1 and 2
def prefetched(batches, put, ahead):
    for batch in batches:
        yield put(batch)


# %% wrong: puts_before_reading_next
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


# %% wrong: reads_all_first
# Wrong: reads every batch into a list first, which never ends for an endless source and copies everything at once
# Says: before batch 0 is used
def prefetched(batches, put, ahead):
    copies = [put(batch) for batch in list(batches)]
    yield from copies


# %% wrong: waits_for_copies
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
