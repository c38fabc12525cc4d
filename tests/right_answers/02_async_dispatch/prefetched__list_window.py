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
