# Wrong: reads every batch into a list first, which never ends for an endless source and copies everything at once
# Says: before batch 0 is used
def prefetched(batches, put, ahead):
    copies = [put(batch) for batch in list(batches)]
    yield from copies
