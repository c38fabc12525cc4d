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
