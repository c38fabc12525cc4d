# Wrong: reads, adds 1 and writes back with .set, so a repeated index is counted only once
def tally(counts, idx):
    return counts.at[idx].set(counts[idx] + 1)
